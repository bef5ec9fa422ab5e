/*
 * work_queue.c -- a work queue: main puts tasks into a queue guarded by a
 * mutex and a condition variable, two workers take them until main closes
 * the queue, and add their results under the lock. CORRECT: every task is
 * done exactly once (the final sum), no race, no deadlock, also with the
 * spurious wake-ups POSIX allows (chorus explores them).
 *
 * -DIFWAIT: a worker waits with `if` instead of `while`: after a spurious
 * wake-up (or another worker taking the task first) it takes from an
 * empty queue, and its assertion fails.
 *     chorus verify work_queue.c             (expect: verified)
 *     chorus verify work_queue.c -DIFWAIT    (expect: ASSERTION)
 */
#include <assert.h>
#include <pthread.h>

#define TASKS 2

int queue[TASKS];
int head, tail; /* tasks queue[head..tail-1] are waiting */
int closed;
int sum;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;

void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&lock);
#ifdef IFWAIT
    if (head == tail && !closed)
#else
    while (head == tail && !closed)
#endif
      pthread_cond_wait(&nonempty, &lock);
    if (head == tail && closed) {
      pthread_mutex_unlock(&lock);
      return 0;
    }
    assert(head < tail); /* a task is there */
    int task = queue[head];
    head = head + 1;
    pthread_mutex_unlock(&lock);
    int result = task * 10; /* the work, outside the lock */
    pthread_mutex_lock(&lock);
    sum = sum + result;
    pthread_mutex_unlock(&lock);
  }
}

int main(void) {
  pthread_t w1, w2;
  pthread_create(&w1, 0, worker, 0);
  pthread_create(&w2, 0, worker, 0);
  for (int i = 0; i < TASKS; i++) {
    pthread_mutex_lock(&lock);
    queue[tail] = i + 1;
    tail = tail + 1;
    pthread_cond_signal(&nonempty);
    pthread_mutex_unlock(&lock);
  }
  pthread_mutex_lock(&lock);
  closed = 1;
  pthread_cond_broadcast(&nonempty);
  pthread_mutex_unlock(&lock);
  pthread_join(w1, 0);
  pthread_join(w2, 0);
  assert(sum == 30);
  return 0;
}
