/*
 * reduction.c -- a parallel reduction: each thread sums its half of an
 * array into a private partial sum, then adds it to the shared total under
 * a mutex. CORRECT: the total is the array's sum on every interleaving.
 *
 * -DNOLOCK: the partial sums are added without the lock: the updates of
 * `total` race (DATA_RACE; a run may lose one of them).
 *     chorus verify reduction.c            (expect: verified)
 *     chorus verify reduction.c -DNOLOCK   (expect: DATA_RACE)
 */
#include <assert.h>
#include <pthread.h>

#define N 4
#define THREADS 2

int a[N] = {1, 2, 3, 4};
int total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *sum_part(void *arg) {
  int k = *(int *)arg;
  int part = 0;
  for (int i = k * (N / THREADS); i < (k + 1) * (N / THREADS); i++)
    part += a[i];
#ifndef NOLOCK
  pthread_mutex_lock(&lock);
#endif
  total = total + part;
#ifndef NOLOCK
  pthread_mutex_unlock(&lock);
#endif
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  int ids[THREADS];
  for (int k = 0; k < THREADS; k++) {
    ids[k] = k;
    pthread_create(&t[k], 0, sum_part, &ids[k]);
  }
  for (int k = 0; k < THREADS; k++)
    pthread_join(t[k], 0);
  assert(total == 10);
  return 0;
}
