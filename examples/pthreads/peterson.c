/*
 * peterson.c -- Peterson's mutual exclusion for two threads with C11
 * sequentially consistent atomics (CORRECT: the critical sections never
 * overlap, so the plain counter they update never races and ends at 4).
 *
 * -DBROKEN: each thread gives the turn away before raising its flag
 * (`turn = other; flag[me] = 1;`): both can pass the wait, and the plain
 * accesses of their critical sections race.
 *     chorus verify peterson.c             (expect: verified)
 *     chorus verify peterson.c -DBROKEN    (expect: DATA_RACE in the critical section)
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define ROUNDS 2

atomic_int flag[2];
atomic_int turn;
int counter; /* plain: protected by the algorithm */

void lock(int me) {
  int other = 1 - me;
#ifdef BROKEN
  atomic_store(&turn, other);
  atomic_store(&flag[me], 1);
#else
  atomic_store(&flag[me], 1);
  atomic_store(&turn, other);
#endif
  while (atomic_load(&flag[other]) && atomic_load(&turn) == other)
    ; /* busy wait */
}

void unlock(int me) { atomic_store(&flag[me], 0); }

void *worker(void *arg) {
  int me = *(int *)arg;
  for (int i = 0; i < ROUNDS; i++) {
    lock(me);
    counter = counter + 1; /* critical section */
    unlock(me);
  }
  return 0;
}

int main(void) {
  pthread_t t[2];
  int ids[2] = {0, 1};
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, &ids[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  assert(counter == 2 * ROUNDS);
  return 0;
}
