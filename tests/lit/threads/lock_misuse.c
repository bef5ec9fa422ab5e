// LOCK_MISUSE: what POSIX leaves undefined for a normal mutex — unlock by a
// thread that does not hold it, unlock of an unlocked mutex, relock by its
// owner, destroy while held, use after destroy, use of an uninitialized
// one — and a condition variable destroyed while a thread waits on it.
// Error-checking and recursive mutexes define these cases (EPERM,
// EDEADLK, counting): the correct form checks those results, cross-checked
// with the gcc-compiled run.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOTHER | FileCheck %s --check-prefix=OTHER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNLOCKED | FileCheck %s --check-prefix=UNLOCKED
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRELOCK | FileCheck %s --check-prefix=RELOCK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDESTROY | FileCheck %s --check-prefix=DESTROY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DAFTER | FileCheck %s --check-prefix=AFTER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNINIT | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 134 %native --tsan -DOTHER %s 2>&1 | FileCheck %s --check-prefix=TSAN
// RUN: %expect-exit 66 %native --tsan -DUNLOCKED %s 2>&1 | FileCheck %s --check-prefix=TSAN2
// OK: verdict: verified
// OTHER: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:44:3 (process 0, thread 1)
// OTHER: unlock of the mutex &m by thread 1, but thread 0 holds it
// UNLOCKED: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:77:3 (process 0)
// UNLOCKED: unlock of the mutex &m, which is not locked
// RELOCK: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:81:3 (process 0)
// RELOCK: relock of the normal mutex &m by the thread that holds it
// DESTROY: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:87:3 (process 0)
// DESTROY: destroy of the mutex &m, which thread 0 holds
// AFTER: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:89:3 (process 0)
// AFTER: use of the destroyed mutex &m
// UNINIT: verdict: violation LOCK_MISUSE at {{.*}}lock_misuse.c:98:5 (process 0)
// UNINIT: use of an uninitialized mutex
// (the real run: glibc lets the stranger unlock m, and the main thread's
// check that m is still held fails; TSan reports the unlocks)
// TSAN: SUMMARY: ThreadSanitizer: unlock of an unlocked mutex (or by a wrong thread) {{.*}}lock_misuse.c:44
// TSAN2: SUMMARY: ThreadSanitizer: unlock of an unlocked mutex (or by a wrong thread) {{.*}}lock_misuse.c:77
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t checked, rec;

void *stranger(void *arg) {
#ifdef OTHER
  pthread_mutex_unlock(&m);
#endif
  assert(pthread_mutex_unlock(&checked) == EPERM);
  assert(pthread_mutex_unlock(&rec) == EPERM);
  assert(pthread_mutex_trylock(&checked) == EBUSY);
  return arg;
}

int main(void) {
  pthread_mutexattr_t at;
  pthread_t t;
  int kind = -1;
  pthread_mutexattr_init(&at);
  pthread_mutexattr_settype(&at, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutexattr_gettype(&at, &kind);
  assert(kind == PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&checked, &at);
  pthread_mutexattr_settype(&at, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rec, &at);
  pthread_mutexattr_destroy(&at);
  pthread_mutex_lock(&m);
  assert(pthread_mutex_lock(&checked) == 0);
  assert(pthread_mutex_lock(&checked) == EDEADLK);
  assert(pthread_mutex_lock(&rec) == 0 && pthread_mutex_lock(&rec) == 0);
  assert(pthread_mutex_trylock(&rec) == 0);
  pthread_create(&t, NULL, stranger, NULL);
  pthread_join(t, NULL);
  assert(pthread_mutex_unlock(&rec) == 0 && pthread_mutex_unlock(&rec) == 0);
  assert(pthread_mutex_unlock(&rec) == 0 && pthread_mutex_unlock(&rec) == EPERM);
  assert(pthread_mutex_unlock(&checked) == 0 && pthread_mutex_unlock(&checked) == EPERM);
  assert(pthread_mutex_trylock(&m) == EBUSY);
  pthread_mutex_unlock(&m);
#ifdef UNLOCKED
  pthread_mutex_unlock(&m);
#endif
  pthread_mutex_lock(&m);
#ifdef RELOCK
  pthread_mutex_lock(&m);
#endif
  pthread_mutex_unlock(&m);
#ifdef DESTROY
  pthread_mutex_lock(&m);
#endif
  pthread_mutex_destroy(&m);
#ifdef AFTER
  pthread_mutex_lock(&m);
#endif
  pthread_mutex_destroy(&checked);
  pthread_mutex_destroy(&rec);
  {
    pthread_mutex_t local;
#ifndef UNINIT
    pthread_mutex_init(&local, NULL);
#endif
    pthread_mutex_lock(&local);
    pthread_mutex_unlock(&local);
  }
  return 0;
}
