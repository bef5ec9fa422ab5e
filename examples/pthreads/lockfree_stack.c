/*
 * lockfree_stack.c -- a Treiber stack: push and pop swing the top pointer
 * with compare-and-swap (C11 atomics; the links are atomic too). Main
 * builds A -> B -> C; thread 1 pops one node; thread 2 pops two and pushes
 * a node back. CORRECT: thread 2 pushes a fresh node D, so a stale
 * compare-and-swap of thread 1 fails and retries: every node is either on
 * the stack or held by exactly one thread.
 *
 * -DABA: thread 2 pushes back the first node it popped (A), as a free
 * list reusing nodes would. Thread 1, which read top == A and A->next == B
 * before, finds top == A again and its compare-and-swap succeeds: top
 * becomes B, which thread 2 holds (the ABA problem). The final check of
 * the stack's contents fails (ASSERTION).
 *     chorus verify lockfree_stack.c          (expect: verified)
 *     chorus verify lockfree_stack.c -DABA    (expect: ASSERTION)
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

struct node {
  int value;
  _Atomic(struct node *) next;
};

_Atomic(struct node *) top;
struct node nodes[4]; /* A, B, C, D */

void push(struct node *n) {
  struct node *old = atomic_load(&top);
  do {
    atomic_store(&n->next, old);
  } while (!atomic_compare_exchange_strong(&top, &old, n));
}

struct node *pop(void) {
  struct node *old = atomic_load(&top);
  while (old) {
    struct node *next = atomic_load(&old->next);
    if (atomic_compare_exchange_strong(&top, &old, next))
      break;
  }
  return old;
}

struct node *held1, *held2;

void *thread1(void *arg) {
  (void)arg;
  held1 = pop();
  return 0;
}

void *thread2(void *arg) {
  (void)arg;
  struct node *a = pop();
  held2 = pop();
#ifdef ABA
  push(a); /* the node comes back: reused */
#else
  (void)a;
  push(&nodes[3]); /* a fresh node */
#endif
  return 0;
}

int main(void) {
  for (int i = 0; i < 4; i++)
    nodes[i].value = i;
  push(&nodes[2]);
  push(&nodes[1]);
  push(&nodes[0]);
  pthread_t t1, t2;
  pthread_create(&t1, 0, thread1, 0);
  pthread_create(&t2, 0, thread2, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  /* 4 (or 3) nodes in all: each held by one thread or on the stack once */
  int seen[4] = {0, 0, 0, 0};
  if (held1)
    seen[held1->value]++;
  if (held2)
    seen[held2->value]++;
  for (struct node *n = atomic_load(&top); n; n = atomic_load(&n->next))
    seen[n->value]++;
  for (int i = 0; i < 4; i++)
    assert(seen[i] <= 1);
  return 0;
}
