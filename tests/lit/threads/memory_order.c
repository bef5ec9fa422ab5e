// Memory orders weaker than seq_cst. chorus explores sequentially
// consistent executions only; C11 promises less for memory_order_relaxed,
// consume, acquire, release and acq_rel (and GCC's __sync_lock_test_and_set
// and __sync_lock_release, acquire and release barriers only): a relaxed
// store publishes nothing (no happens-before), release stores and acquire
// loads allow the store-buffering outcome r1 == r2 == 0. So such an
// operation while another thread runs makes `verified` impossible:
// `unknown`, naming it; a violation is still found (every sequentially
// consistent execution is one of the weaker order's).
// Found by the session-19 differential round: -DRELAXED (message passing
// through a relaxed flag) was verified while gcc 12 -fsanitize=thread
// reports the data race on `data` in 5 of 5 runs (C11 5.1.2.4p25: no
// happens-before orders the two accesses); -DSB (store buffering with
// release/acquire) was verified though its assertion may fail (C11 7.17.3:
// only seq_cst operations have a single total order).
// Without a flag (seq_cst, the default of stdatomic.h's plain calls):
// verified, the real run agrees; -DALONE: relaxed operations while no other
// thread runs (before the create, after the join): verified; -DSYNCLOCK:
// the __sync lock builtins guarding a counter: unknown; -DSYNCLOCK
// -DWRONG: a wrong final count is refuted all the same.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 0 %chorus verify %s --quiet -DALONE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -DALONE %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DRELAXED | FileCheck %s --check-prefix=RELAXED
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSB | FileCheck %s --check-prefix=SB
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSYNCLOCK | FileCheck %s --check-prefix=SYNCLOCK
// RUN: %expect-exit 0 %native -DSYNCLOCK %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSYNCLOCK -DWRONG | FileCheck %s --check-prefix=WRONG
// OK: verdict: verified
// RELAXED: verdict: unknown (not checked: an atomic operation with memory_order_relaxed at {{.*}}memory_order.c:62:11: chorus explores sequentially consistent executions only
// SB: verdict: unknown (not checked: an atomic operation with memory_order_release at {{.*}}memory_order.c:99:3:
// SYNCLOCK: verdict: unknown (not checked: an atomic operation with memory_order_acquire at {{.*}}memory_order.c:110:12:
// WRONG: verdict: violation ASSERTION at {{.*}}memory_order.c:125:3 (process 0)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(RELAXED)
#define PUBLISH memory_order_relaxed
#define OBSERVE memory_order_relaxed
#else
#define PUBLISH memory_order_seq_cst
#define OBSERVE memory_order_seq_cst
#endif

#if !defined(SB) && !defined(SYNCLOCK)
int data;
atomic_int ready;

void *producer(void *arg) {
  data = 42;
#ifdef ALONE
  (void)arg;
#else
  atomic_store_explicit(&ready, 1, PUBLISH);
#endif
  return NULL;
}

void *consumer(void *arg) {
  while (!atomic_load_explicit(&ready, OBSERVE))
    ;
  assert(data == 42);
  return NULL;
}

int main(void) {
  pthread_t p, c;
#ifdef ALONE
  atomic_store_explicit(&ready, 0, memory_order_relaxed);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  atomic_store_explicit(&ready, 1, memory_order_release);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(c, NULL);
  assert(atomic_load_explicit(&ready, memory_order_relaxed) == 1);
#else
  pthread_create(&c, NULL, consumer, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
#endif
  return 0;
}
#elif defined(SB)
atomic_int x, y;
int r1, r2;

void *left(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_release);
  r1 = atomic_load_explicit(&y, memory_order_acquire);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, left, NULL);
  atomic_store_explicit(&y, 1, memory_order_release);
  r2 = atomic_load_explicit(&x, memory_order_acquire);
  pthread_join(t, NULL);
  assert(r1 == 1 || r2 == 1); /* only under sequential consistency */
  return 0;
}
#else
int lock, count;

void *bump(void *arg) {
  for (int i = 0; i < 2; i++) {
    while (__sync_lock_test_and_set(&lock, 1))
      ;
    count = count + 1;
    __sync_lock_release(&lock);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, bump, NULL);
  pthread_create(&b, NULL, bump, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
#ifdef WRONG
  assert(count == 3);
#else
  assert(count == 4);
#endif
  return 0;
}
#endif
