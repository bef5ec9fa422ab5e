// DEADLOCK: two threads take two mutexes in opposite orders (-DBROKEN):
// in the interleaving where each holds its first mutex, every thread waits
// and the cycle of lock waits is named. Taken in the same order, the
// program is verified. Native runs: the correct form; the broken one under
// ThreadSanitizer, which reports the lock-order inversion (the real run
// does not hang when one thread finishes before the other starts; TSan
// sees the inversion in any run).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 66 %native --tsan -DBROKEN -DSEQUENTIAL %s 2>&1 | FileCheck %s --check-prefix=TSAN
// OK: verdict: verified
// BAD: verdict: violation DEADLOCK at {{.*}}deadlock.c:26:3 (process 0, thread 1)
// BAD: cycle of waits thread 1 -> thread 2 -> thread 1
// BAD: thread 1 waits in pthread_mutex_lock at {{.*}}deadlock.c:26:3 (mutex &m2 held by thread 2)
// BAD: thread 2 waits in pthread_mutex_lock at {{.*}}deadlock.c:36:3 (mutex &m1 held by thread 1)
// TSAN: WARNING: ThreadSanitizer: lock-order-inversion (potential deadlock)
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
int shared;

void *first(void *arg) {
  pthread_mutex_lock(&m1);
  pthread_mutex_lock(&m2);
  shared++;
  pthread_mutex_unlock(&m2);
  pthread_mutex_unlock(&m1);
  return 0;
}

void *second(void *arg) {
#ifdef BROKEN
  pthread_mutex_lock(&m2);
  pthread_mutex_lock(&m1);
#else
  pthread_mutex_lock(&m1);
  pthread_mutex_lock(&m2);
#endif
  shared++;
  pthread_mutex_unlock(&m1);
  pthread_mutex_unlock(&m2);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, first, 0);
#ifdef SEQUENTIAL // the native run under TSan: no real deadlock
  pthread_join(a, 0);
#endif
  pthread_create(&b, 0, second, 0);
#ifndef SEQUENTIAL
  pthread_join(a, 0);
#endif
  pthread_join(b, 0);
  assert(shared == 2);
  return 0;
}
