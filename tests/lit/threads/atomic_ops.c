// The other atomic operations, each checked by an assertion of its result
// (verified; cross-checked with the gcc-compiled run): a lock-free push
// with atomic_compare_exchange_weak on an _Atomic pointer, atomic_flag as a
// spin lock, += and -= on an _Atomic long, atomic_exchange,
// atomic_compare_exchange_strong (success and failure), fetch_or/and/xor,
// the generic __atomic_load/store/exchange, __atomic_nand_fetch,
// __sync_lock_test_and_set/release, fences. -DWRONGSUM: a wrong final
// assertion is refuted.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONGSUM | FileCheck %s --check-prefix=SUM
// RUN: %expect-exit 134 %native -DWRONGSUM %s
// OK: verdict: verified
// SUM: verdict: violation ASSERTION at {{.*}}atomic_ops.c:60:3 (process 0)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
_Atomic(struct node *) top;
atomic_flag busy = ATOMIC_FLAG_INIT;
_Atomic long acc = 10;
int counted;
long plain_total;

void push(struct node *n) {
  struct node *old = atomic_load(&top);
  do {
    n->next = old;
  } while (!atomic_compare_exchange_weak(&top, &old, n));
}

void *t(void *arg) {
  push((struct node *)arg);
  while (atomic_flag_test_and_set(&busy))
    ;
  counted = counted + 1;
  atomic_flag_clear(&busy);
  acc += 5;
  acc -= 1;
  long r;
  __atomic_add_fetch(&plain_total, 7, __ATOMIC_SEQ_CST);
  __atomic_load(&plain_total, &r, __ATOMIC_SEQ_CST);
  assert(r >= 7);
  return 0;
}

int main(void) {
  static struct node n1 = {1, 0}, n2 = {2, 0};
  pthread_t a, b;
  pthread_create(&a, 0, t, &n1);
  pthread_create(&b, 0, t, &n2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  struct node *p = atomic_exchange(&top, (struct node *)0);
  int sum = 0;
  while (p) { sum += p->v; p = p->next; }
#ifdef WRONGSUM
  assert(sum == 4);
#else
  assert(sum == 3);
#endif
  assert(counted == 2);
  assert(atomic_load(&acc) == 18);
  long w = 1, old;
  __atomic_exchange(&plain_total, &w, &old, __ATOMIC_SEQ_CST);
  assert(old == 14 && plain_total == 1);
  __atomic_store(&plain_total, &old, __ATOMIC_SEQ_CST);
  assert(plain_total == 14);
  int x = 5;
  atomic_int y = 3;
  int e = 3;
  assert(atomic_compare_exchange_strong(&y, &e, 9) && y == 9);
  assert(!atomic_compare_exchange_strong(&y, &e, 1) && e == 9);
  assert(atomic_fetch_or(&y, 6) == 9 && y == 15);
  assert(atomic_fetch_and(&y, 3) == 15 && y == 3);
  assert(atomic_fetch_xor(&y, 1) == 3 && y == 2);
  assert(__atomic_nand_fetch(&x, 4, 0) == ~(5 & 4));
  assert(__sync_lock_test_and_set(&x, 1) == ~4);
  __sync_lock_release(&x);
  assert(x == 0);
  __sync_synchronize();
  atomic_thread_fence(memory_order_seq_cst);
  return 0;
}
