// POSIX semaphores (<semaphore.h>, chorus's model header): the bounded
// buffer of seed 003 §VI-A — a producer and a consumer, two counting
// semaphores for the free and the filled slots and a mutex for the shared
// count — verified, with a parallel assertion that no other thread writes
// the slot being taken; cross-checked with the gcc-compiled run (thru and
// passert defined away). Broken: no mutex (-DNOMUTEX: DATA_RACE on the
// count), no free slot to start with (-DZERO: DEADLOCK in sem_wait), a
// semaphore never initialized (-DUNINIT: LOCK_MISUSE).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -Dthru= '-Dpassert(e)=;' '-DRW(x)=0' %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOMUTEX | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DZERO | FileCheck %s --check-prefix=ZERO
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNINIT | FileCheck %s --check-prefix=UNINIT
// OK: verdict: verified
// RACE: verdict: violation DATA_RACE at {{.*}}semaphore.c:58:11 (process 0, thread 2)
// ZERO: verdict: violation DEADLOCK at {{.*}}semaphore.c:34:5 (process 0, thread 1)
// ZERO: semaphore &empty is 0
// UNINIT: verdict: violation LOCK_MISUSE at {{.*}}semaphore.c:51:5 (process 0, thread 2)
// UNINIT: use of the semaphore &full, not initialized
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

#define SIZE 2
#define ITEMS 3

int buf[SIZE];
int count = 0;
sem_t empty, full;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg) {
  for (int i = 0; i < ITEMS; i++) {
    sem_wait(&empty);
    buf[i % SIZE] = i + 1;
#ifndef NOMUTEX
    pthread_mutex_lock(&lock);
#endif
    count = count + 1;
#ifndef NOMUTEX
    pthread_mutex_unlock(&lock);
#endif
    sem_post(&full);
  }
  return arg;
}

void *consumer(void *arg) {
  int sum = 0;
  for (int i = 0; i < ITEMS; i++) {
    sem_wait(&full);
    thru {
      sum += buf[i % SIZE];
    } passert(!RW(buf[i % SIZE]));
#ifndef NOMUTEX
    pthread_mutex_lock(&lock);
#endif
    count = count - 1;
#ifndef NOMUTEX
    pthread_mutex_unlock(&lock);
#endif
    sem_post(&empty);
  }
  assert(sum == ITEMS * (ITEMS + 1) / 2);
  return arg;
}

int main(void) {
  pthread_t p, c;
  int v = -1;
#ifdef ZERO
  sem_init(&empty, 0, 0);
#else
  sem_init(&empty, 0, SIZE);
#endif
#ifndef UNINIT
  sem_init(&full, 0, 0);
#endif
  sem_getvalue(&empty, &v);
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  assert(count == 0);
  sem_destroy(&empty);
  sem_destroy(&full);
  return v == SIZE ? 0 : 1;
}
