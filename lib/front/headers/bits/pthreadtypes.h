/*
 * bits/pthreadtypes.h -- chorus's model of the POSIX thread types.
 *
 * glibc's <sys/types.h> and <signal.h> include <bits/pthreadtypes.h>.
 * chorus puts lib/front/headers first on the include path, so this file
 * replaces glibc's: the pthread types are the same simple types whether a
 * program reaches them through <pthread.h>, <sys/types.h> (pulled in by
 * <stdlib.h> in GNU mode) or <signal.h>.  The verifier models the objects
 * by address; the fields below only give them a size and a well-defined
 * static initializer.  Field names are internal to chorus.
 */
#ifndef _BITS_PTHREADTYPES_COMMON_H
#define _BITS_PTHREADTYPES_COMMON_H 1
#define CHORUS_MODEL_PTHREADTYPES 1

/* thread identifier: a small integer chosen by the model */
typedef unsigned long int pthread_t;

/* thread attributes (glibc's <bits/types/sigevent_t.h> declares this type
   unless __have_pthread_attr_t is set) */
typedef struct pthread_attr_t {
  int chorus_detachstate_;
  int chorus_reserved_;
} pthread_attr_t;
#define __have_pthread_attr_t 1

typedef struct {
  int chorus_state_; /* 0: unlocked; otherwise 1 + index of the owner */
  int chorus_kind_;  /* PTHREAD_MUTEX_NORMAL / RECURSIVE / ERRORCHECK */
  int chorus_count_; /* recursion depth */
} pthread_mutex_t;

typedef struct {
  int chorus_kind_;
  int chorus_pshared_;
} pthread_mutexattr_t;

typedef struct {
  int chorus_state_;
} pthread_cond_t;

typedef struct {
  int chorus_pshared_;
} pthread_condattr_t;

typedef struct {
  int chorus_readers_;
  int chorus_writer_;
} pthread_rwlock_t;

typedef struct {
  int chorus_pshared_;
} pthread_rwlockattr_t;

typedef struct {
  unsigned int chorus_count_;   /* threads needed to pass */
  unsigned int chorus_waiting_; /* threads currently waiting */
  unsigned int chorus_phase_;
} pthread_barrier_t;

typedef struct {
  int chorus_pshared_;
} pthread_barrierattr_t;

typedef int pthread_once_t;
typedef unsigned int pthread_key_t;
typedef volatile int pthread_spinlock_t;

#endif /* _BITS_PTHREADTYPES_COMMON_H */
