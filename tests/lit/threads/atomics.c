// C11 atomics and the GCC builtins (sequentially consistent; two atomic
// accesses never race, they order the plain accesses around them): an
// atomic_int incremented with ++ by two threads, __atomic_fetch_add,
// __sync_fetch_and_add, a spin lock on __atomic_compare_exchange_n guarding
// a plain counter, plain data published through an atomic flag (verified;
// cross-checked with the gcc-compiled run; -DWEAK: the weak
// compare-and-swap, which may fail spuriously; -DACQREL: the spin lock with
// acquire/release orders: unknown, see memory_order.c). Broken: the flag is a plain
// int (-DNOFLAG: DATA_RACE), the increment is a load then a store
// (-DLOSTUPDATE: ASSERTION, a lost update), the spin lock is released with
// a plain store (-DNOLOCK: DATA_RACE between an atomic and a plain access).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet -DWEAK | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 0 %native -DWEAK %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DACQREL | FileCheck %s --check-prefix=ACQREL
// RUN: %expect-exit 0 %native -DACQREL %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOFLAG | FileCheck %s --check-prefix=FLAG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOSTUPDATE | FileCheck %s --check-prefix=LOST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOLOCK | FileCheck %s --check-prefix=NOLOCK
// OK: verdict: verified
// ACQREL: verdict: unknown (not checked: an atomic operation with memory_order_acquire at {{.*}}atomics.c:60:11
// FLAG: verdict: violation DATA_RACE at {{.*}}atomics.c:92:3 (process 0, thread 3)
// FLAG-NEXT: data race on ready: thread 3 writes it here and thread 0 reads it at {{.*}}atomics.c:101:3
// LOST: verdict: violation ASSERTION at {{.*}}atomics.c:107:3 (process 0)
// NOLOCK: verdict: violation DATA_RACE at {{.*}}atomics.c:60:11 (process 0, thread 2)
// NOLOCK-NEXT: data race on lock: thread 2 atomically reads it here and thread 1 writes it at {{.*}}atomics.c:67:8
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifdef ACQREL /* the spin lock's orders as C11 allows (memory_order.c) */
#define ACQ __ATOMIC_ACQUIRE, __ATOMIC_RELAXED
#define REL __ATOMIC_RELEASE
#else
#define ACQ __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST
#define REL __ATOMIC_SEQ_CST
#endif

atomic_int hits;            /* C11 atomic object: ++ is one atomic operation */
int total;                  /* plain, updated with the GCC builtins */
long word;                  /* __sync builtins */
int data;                   /* plain data published through a flag */
#ifdef NOFLAG
int ready;                  /* -DNOFLAG: a plain flag */
#define PUBLISH(f) ((f) = 1)
#define SEEN(f) (f)
#else
atomic_int ready;
#define PUBLISH(f) atomic_store(&(f), 1)
#define SEEN(f) atomic_load(&(f))
#endif
int lock;                   /* a spin lock built on compare-and-swap */
int guarded;

void spin_lock(void) {
  int expected = 0;
#ifdef WEAK
  while (!__atomic_compare_exchange_n(&lock, &expected, 1, 1, ACQ))
#else
  while (!__atomic_compare_exchange_n(&lock, &expected, 1, 0, ACQ))
#endif
    expected = 0;
}

void spin_unlock(void) {
#ifdef NOLOCK
  lock = 0;
#else
  __atomic_store_n(&lock, 0, REL);
#endif
}

void *worker(void *arg) {
  (void)arg;
#ifdef LOSTUPDATE
  int v = atomic_load(&hits);
  atomic_store(&hits, v + 1);
#else
  hits++;
#endif
  __atomic_fetch_add(&total, 2, __ATOMIC_SEQ_CST);
  __sync_fetch_and_add(&word, 3);
  spin_lock();
  guarded = guarded + 1;
  spin_unlock();
  return 0;
}

void *producer(void *arg) {
  (void)arg;
  data = 42;
  PUBLISH(ready);
  return 0;
}

int main(void) {
  pthread_t a, b, p;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_create(&p, 0, producer, 0);
  while (!SEEN(ready))
    ;
  assert(data == 42);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(p, 0);
  assert(hits == 2);
  assert(__atomic_load_n(&total, __ATOMIC_SEQ_CST) == 4);
  assert(__sync_add_and_fetch(&word, 0) == 6);
  assert(__sync_bool_compare_and_swap(&word, 6, 7) && word == 7);
  assert(__sync_val_compare_and_swap(&word, 6, 8) == 7);
  assert(guarded == 2);
  return 0;
}
