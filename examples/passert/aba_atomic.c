/*
 * aba_atomic.c -- seed 003's Example IV (the ABA problem in a non-blocking
 * sorted list) with C11 atomics for the links and values, so that the list
 * has no data race and the parallel assertion is what fails (INCORRECT).
 *
 * aba.c writes the links as plain pointers and compareAndSet with a
 * mutex: chorus reports the unsynchronized link reads as a DATA_RACE
 * first. Here the links are _Atomic pointers and compareAndSet is
 * atomic_compare_exchange_strong, as a real lock-free list has them.
 * Thread A's assertion (the seed's Example IV-b):
 *   thru { tempnext = cur->next; newnode = makeNode(4, tempnext);
 *          compareAndSet(cur->next, tempnext, newnode); }
 *   passert(!LW(cur->next) || !HASOCCURRED(RW(cur->next)));
 * fails when thread B's delete(5); add(3) runs inside A's region: B writes
 * cur->next twice (unlinking 5, linking the reused node as 3) and puts the
 * same address back, so A's compare-and-set succeeds and links 4 after a
 * node that now holds 3.
 *     chorus verify aba_atomic.c    (expect: PARALLEL_ASSERTION)
 * Not C: thru/passert.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

struct node {
  atomic_int value;
  _Atomic(struct node *) next;
};

struct node pool[4];
_Atomic(struct node *) head;
struct node *freed = NULL; /* one-node free list, B's own: reuse makes ABA */

int compareAndSet(_Atomic(struct node *) *field, struct node *expected, struct node *desired) {
  return atomic_compare_exchange_strong(field, &expected, desired);
}

struct node *makeNode(int value, struct node *next) {
  struct node *n = &pool[3];
  n->value = value;
  n->next = next;
  return n;
}

struct node *getInsertionPoint(int value) {
  struct node *cur = head;
  while (cur->next != NULL && cur->next->value < value)
    cur = cur->next;
  return cur;
}

void delete(int value) {
  struct node *prev = getInsertionPoint(value);
  struct node *victim = prev->next;
  if (victim != NULL && victim->value == value) {
    compareAndSet(&prev->next, victim, victim->next);
    freed = victim;
  }
}

void add(int value) {
  struct node *prev = getInsertionPoint(value);
  struct node *n = freed; /* reuse the deleted node */
  if (n == NULL)
    return; /* delete found no 5 (A's 4 came first): nothing to reuse */
  freed = NULL;
  n->value = value;
  n->next = prev->next;
  compareAndSet(&prev->next, n->next, n);
}

void *thread_a(void *arg) {
  struct node *cur, *tempnext, *newnode;
  cur = getInsertionPoint(4);
  thru {
    tempnext = cur->next;
    newnode = makeNode(4, tempnext);
    compareAndSet(&cur->next, tempnext, newnode);
  } passert(!LW(cur->next) || !HASOCCURRED(RW(cur->next)));
  return arg;
}

void *thread_b(void *arg) {
  delete(5);
  add(3);
  return arg;
}

int main(void) {
  pthread_t a, b;
  /* head (sentinel) -> 1 -> 5 */
  pool[0].value = -1;
  pool[0].next = &pool[1];
  pool[1].value = 1;
  pool[1].next = &pool[2];
  pool[2].value = 5;
  pool[2].next = NULL;
  head = &pool[0];
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
