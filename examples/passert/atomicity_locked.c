/*
 * atomicity_locked.c -- Example II-b of seed 003 with both increments
 * protected by one mutex (CORRECT: the parallel assertion holds).
 *
 * Not in the seed (the seed only shows the defect); the thru scope of
 * atomicity.c is unchanged and lies inside thread A's critical section,
 * so thread B cannot write x while the assertion is live.  Not C.
 *     chorus verify atomicity_locked.c   (expect: verified)
 */
#include <pthread.h>

int x = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *thread_a(void *arg) {
  pthread_mutex_lock(&m);
  thru {
    x++;
  } passert(!RW(x));
  pthread_mutex_unlock(&m);
  return arg;
}

void *thread_b(void *arg) {
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
