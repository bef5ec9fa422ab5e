/*
 * dual_stack.c -- the seed's DualStack (seed 003 §VI-A 2): an array stack
 * whose push reserves a slot (an atomic increment of top) and then fills
 * it, and whose pop takes the top slot back and waits until it is full.
 * The seed's assertion: no other thread writes the slot during the whole
 * push, `thru { ... } passert(!RW(items[slot]))`. INCORRECT, as the seed
 * reports: between thread 1's reserve and its fill, thread 2's pop takes
 * the slot back and thread 3's push reserves and fills the same slot, which
 * thread 1 then overwrites (PARALLEL_ASSERTION; the slots are atomics, so
 * the overwrite is no data race: only the assertion sees it).
 *
 * -DLOCKED: push and pop hold one mutex (pop no longer needs to wait): the
 * assertion holds on every interleaving (verified).
 *     chorus verify dual_stack.c            (expect: PARALLEL_ASSERTION)
 *     chorus verify dual_stack.c -DLOCKED   (expect: verified)
 * Not C: thru/passert.
 */
#include <pthread.h>
#include <stdatomic.h>

#define CAP 4

atomic_int items[CAP];
atomic_int full[CAP];
atomic_int top;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void push(int x) {
  int slot = 0;
#ifdef LOCKED
  pthread_mutex_lock(&lock);
#endif
  thru {
    slot = atomic_fetch_add(&top, 1); /* reserve */
    atomic_store(&items[slot], x);    /* fill */
    atomic_store(&full[slot], 1);
  } passert(!RW(items[slot]));
#ifdef LOCKED
  pthread_mutex_unlock(&lock);
#endif
}

int pop(void) {
#ifdef LOCKED
  pthread_mutex_lock(&lock);
#endif
  int slot = atomic_fetch_sub(&top, 1) - 1;
  while (!atomic_load(&full[slot]))
    ; /* wait until the pusher filled it */
  int x = atomic_load(&items[slot]);
  atomic_store(&full[slot], 0);
#ifdef LOCKED
  pthread_mutex_unlock(&lock);
#endif
  return x;
}

void *pusher(void *arg) {
  push(*(int *)arg);
  return 0;
}

void *popper(void *arg) {
  (void)arg;
  pop();
  return 0;
}

int main(void) {
  int one = 1, three = 3;
  push(0);
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, pusher, &one);
  pthread_create(&t2, 0, popper, 0);
  pthread_create(&t3, 0, pusher, &three);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_join(t3, 0);
  return 0;
}
