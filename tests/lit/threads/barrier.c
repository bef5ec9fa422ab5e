// Barriers: N threads fill their part of an array in two rounds separated
// by a barrier; each reads its neighbour's part only after the barrier
// (verified, cross-checked with the gcc-compiled run). Without the barrier
// (-DNOBARRIER) the read races with the neighbour's write (DATA_RACE); a
// barrier for one thread more than there are (-DTOOMANY) never opens
// (DEADLOCK).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOBARRIER | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTOOMANY | FileCheck %s --check-prefix=STUCK
// OK: verdict: verified
// RACE: verdict: violation DATA_RACE at {{.*}}barrier.c:26:11 (process 0, thread 2)
// RACE: data race on part[1]: thread 2 writes it here and thread 1 reads it at {{.*}}barrier.c:32:15
// STUCK: verdict: violation DEADLOCK at {{.*}}barrier.c:28:11 (process 0, thread 1)
// STUCK: barrier &bar: 2 of 3 threads arrived
#include <assert.h>
#include <pthread.h>

#define N 2
int part[N];
int serial = 0;
pthread_barrier_t bar;

void *worker(void *arg) {
  int i = (int)(long)arg;
  part[i] = i + 1;
#ifndef NOBARRIER
  int r = pthread_barrier_wait(&bar);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD)
    serial = serial + 1;
#endif
  int other = part[(i + 1) % N];
  assert(other == (i + 1) % N + 1);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int count = N;
#ifdef TOOMANY
  count = N + 1;
#endif
  pthread_barrier_init(&bar, NULL, count);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], NULL, worker, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
#ifndef NOBARRIER
  assert(serial == 1);
#endif
  pthread_barrier_destroy(&bar);
  return 0;
}
