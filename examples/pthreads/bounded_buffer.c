/*
 * bounded_buffer.c -- one producer, one consumer, a bounded buffer with a
 * mutex and two condition variables (CORRECT: no deadlock, every item is
 * received in order).
 *
 * Not from a seed; it is the correct core of the BoundedBuffer
 * microbenchmark mentioned in seed 003 §VI-A (written here with condition
 * variables instead of semaphores).
 *     chorus verify bounded_buffer.c   (expect: verified)
 * Broken forms:
 *     -DIFWAIT    the consumer waits with `if`, not `while`: a wake-up
 *                 (spurious, as POSIX allows) with nothing in the buffer
 *                 takes a stale slot (expect: ASSERTION in the consumer)
 *     -DNOSIGNAL  the producer never signals not_empty: the consumer may
 *                 wait forever (expect: DEADLOCK, a lost wake-up)
 */
#include <assert.h>
#include <pthread.h>

#define SIZE 2
#define ITEMS 3

int buffer[SIZE];
int head = 0, tail = 0, count = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  int i;
  for (i = 0; i < ITEMS; i++) {
    pthread_mutex_lock(&lock);
    while (count == SIZE)
      pthread_cond_wait(&not_full, &lock);
    buffer[tail] = i;
    tail = (tail + 1) % SIZE;
    count++;
#ifndef NOSIGNAL
    pthread_cond_signal(&not_empty);
#endif
    pthread_mutex_unlock(&lock);
  }
  return arg;
}

void *consumer(void *arg) {
  int i, v;
  for (i = 0; i < ITEMS; i++) {
    pthread_mutex_lock(&lock);
#ifdef IFWAIT
    if (count == 0)
#else
    while (count == 0)
#endif
      pthread_cond_wait(&not_empty, &lock);
    v = buffer[head];
    head = (head + 1) % SIZE;
    count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&lock);
    assert(v == i);
  }
  return arg;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  assert(count == 0);
  pthread_mutex_destroy(&lock);
  pthread_cond_destroy(&not_full);
  pthread_cond_destroy(&not_empty);
  return 0;
}
