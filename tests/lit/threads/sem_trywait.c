// sem_trywait: two threads try to take the one unit of a semaphore; the
// one that fails gets -1 at once (POSIX: "if the semaphore is currently
// locked, sem_trywait() shall return without locking it", errno EAGAIN)
// and never blocks. Exactly one wins: verified, the gcc run agrees.
// Broken: -DFIRST asserts that the first thread wins (the second may):
// ASSERTION; -DBOTH a semaphore of two units and one winner expected:
// ASSERTION; -DWAIT the loser then waits with sem_wait for a unit no one
// posts: DEADLOCK.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DFIRST | FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBOTH | FileCheck %s --check-prefix=BOTH
// RUN: %expect-exit 134 %native -DBOTH %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWAIT | FileCheck %s --check-prefix=WAIT
// OK: verdict: verified
// FIRST: verdict: violation ASSERTION at {{.*}}sem_trywait.c:53:3 (process 0)
// BOTH: verdict: violation ASSERTION at {{.*}}sem_trywait.c:55:3 (process 0)
// WAIT: verdict: violation DEADLOCK at {{.*}}sem_trywait.c:35:5 (process 0, thread 2)
// WAIT: sem_wait at {{.*}}sem_trywait.c:35:5 (semaphore &s is 0)
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

static sem_t s;
static int won[2];

static void *take(void *arg) {
  int k = *(int *)arg;
  if (sem_trywait(&s) == 0)
    won[k] = 1;
#ifdef WAIT
  else
    sem_wait(&s);
#endif
  return NULL;
}

int main(void) {
#ifdef BOTH
  sem_init(&s, 0, 2);
#else
  sem_init(&s, 0, 1);
#endif
  pthread_t t[2];
  static int ids[2] = {0, 1};
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, take, &ids[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
#ifdef FIRST
  assert(won[0] == 1);
#else
  assert(won[0] + won[1] == 1);
#endif
  sem_destroy(&s);
  return 0;
}
