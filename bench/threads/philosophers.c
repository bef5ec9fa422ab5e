/*
 * philosophers.c -- dining philosophers, N threads (-DN=2..4), each takes
 * its two forks (mutexes) and eats once. CORRECT: forks taken in a global
 * order (the lower-numbered first). -DNAIVE: every philosopher takes its
 * left fork first: the cycle of waits is a DEADLOCK.
 *     chorus verify philosophers.c -DN=3          (expect: verified)
 *     chorus verify philosophers.c -DN=3 -DNAIVE  (expect: DEADLOCK)
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

pthread_mutex_t forks[N];
int meals[N];

void *philosopher(void *arg) {
  int i = (int)(long)arg;
  int first = i, second = (i + 1) % N;
#ifndef NAIVE
  if (first > second) {
    first = second;
    second = i;
  }
#endif
  pthread_mutex_lock(&forks[first]);
  pthread_mutex_lock(&forks[second]);
  meals[i] = meals[i] + 1;
  pthread_mutex_unlock(&forks[second]);
  pthread_mutex_unlock(&forks[first]);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_mutex_init(&forks[i], 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, philosopher, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < N; i++) {
    assert(meals[i] == 1);
    pthread_mutex_destroy(&forks[i]);
  }
  return 0;
}
