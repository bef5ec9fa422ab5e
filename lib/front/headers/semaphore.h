/*
 * semaphore.h -- chorus's model header for POSIX unnamed semaphores.
 *
 * Found before the system's <semaphore.h> (lib/front/headers is first on
 * the include path). The verifier models the functions below by name
 * (lib/exec/threads/Semaphore.cpp); sem_t keeps the count in the
 * program's memory. Written from the POSIX.1-2017 signatures. Named
 * semaphores (sem_open) are not modelled.
 */
#ifndef CHORUS_MODEL_SEMAPHORE_H
#define CHORUS_MODEL_SEMAPHORE_H 1
#define _SEMAPHORE_H 1 /* keep glibc's own semaphore.h out */

#include <time.h>

typedef struct {
  int chorus_value_; /* the count */
  int chorus_state_; /* 0: not initialized, 1: initialized, -1: destroyed */
} sem_t;

#define SEM_FAILED ((sem_t *)0)

int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict abstime);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *restrict sem, int *restrict sval);

#endif /* CHORUS_MODEL_SEMAPHORE_H */
