/*
 * counter_mutex.c -- N threads increment a shared counter under a mutex
 * (CORRECT: the final assertion holds on every interleaving).
 *
 * Not from a seed: a basic pthreads program for chorus's thread model
 * (create/join, mutex lock/unlock, assert).
 *     chorus verify counter_mutex.c    (expect: verified)
 *     -DNOLOCK   the increments without the mutex (expect: DATA_RACE)
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 3
#define ITERS 2

int counter = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
  int i;
  for (i = 0; i < ITERS; i++) {
#ifndef NOLOCK
    pthread_mutex_lock(&lock);
#endif
    counter = counter + 1;
#ifndef NOLOCK
    pthread_mutex_unlock(&lock);
#endif
  }
  return arg;
}

int main(void) {
  pthread_t t[NTHREADS];
  int i;
  for (i = 0; i < NTHREADS; i++)
    pthread_create(&t[i], NULL, work, NULL);
  for (i = 0; i < NTHREADS; i++)
    pthread_join(t[i], NULL);
  assert(counter == NTHREADS * ITERS);
  printf("counter = %d\n", counter);
  return 0;
}
