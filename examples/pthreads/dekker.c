/*
 * dekker.c -- Dekker's mutual exclusion for two threads with C11
 * sequentially consistent atomics (CORRECT: the critical sections never
 * overlap, so the plain counter they update never races and ends at 4).
 *
 * -DBROKEN: a thread looks at the other's flag before raising its own
 * (check, then set): both can see the other's flag down and enter together,
 * and the plain accesses of their critical sections race.
 *     chorus verify dekker.c             (expect: verified)
 *     chorus verify dekker.c -DBROKEN    (expect: DATA_RACE in the critical section)
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define ROUNDS 2

atomic_int wants[2];
atomic_int turn;
int counter; /* plain: protected by the algorithm */

void lock(int me) {
  int other = 1 - me;
#ifdef BROKEN
  while (atomic_load(&wants[other]))
    ; /* wait until the other is out */
  atomic_store(&wants[me], 1);
#else
  atomic_store(&wants[me], 1);
  while (atomic_load(&wants[other])) {
    if (atomic_load(&turn) != me) {
      atomic_store(&wants[me], 0); /* back off until it is my turn */
      while (atomic_load(&turn) != me)
        ;
      atomic_store(&wants[me], 1);
    }
  }
#endif
}

void unlock(int me) {
#ifndef BROKEN
  atomic_store(&turn, 1 - me);
#endif
  atomic_store(&wants[me], 0);
}

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
