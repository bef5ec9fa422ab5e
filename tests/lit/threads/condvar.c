// Condition variables: a producer hands items to a consumer through a
// one-slot buffer guarded by a mutex, waiting in `while` loops (verified:
// spurious wake-ups, which POSIX allows and chorus explores, are harmless).
// With `if` instead of `while` (-DIF) a spurious wake-up lets the consumer
// take from an empty slot (ASSERTION); with the signal sent before the
// consumer waits and no predicate (-DLOST) the wake-up is lost: the
// consumer waits forever (DEADLOCK). Also a condition variable destroyed
// while a thread waits on it (-DDESTROY: LOCK_MISUSE). The correct form is
// cross-checked with the gcc-compiled run.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DIF | FileCheck %s --check-prefix=IF
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOST | FileCheck %s --check-prefix=LOST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDESTROY | FileCheck %s --check-prefix=DESTROY
// OK: verdict: verified
// IF: verdict: violation ASSERTION at {{.*}}condvar.c:59:5 (process 0, thread 2)
// LOST: verdict: violation DEADLOCK at {{.*}}condvar.c:69:3 (process 0, thread 1)
// LOST: a condition variable no thread signals
// DESTROY: verdict: violation LOCK_MISUSE at {{.*}}condvar.c:85:3 (process 0, thread 0)
// DESTROY: destroy of the condition variable &wake, on which thread 1 waits
#include <assert.h>
#include <pthread.h>

#define ITEMS 2

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
pthread_cond_t wake;
int slot = 0, full = 0;

void *producer(void *arg) {
  for (int i = 1; i <= ITEMS; i++) {
    pthread_mutex_lock(&lock);
    while (full)
      pthread_cond_wait(&changed, &lock);
    slot = i;
    full = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
  }
  return arg;
}

void *consumer(void *arg) {
  int sum = 0;
  for (int i = 1; i <= ITEMS; i++) {
    pthread_mutex_lock(&lock);
#ifdef IF
    if (!full)
      pthread_cond_wait(&changed, &lock);
#else
    while (!full)
      pthread_cond_wait(&changed, &lock);
#endif
    sum += slot;
    full = 0;
    pthread_cond_signal(&changed);
    pthread_mutex_unlock(&lock);
    assert(sum == i * (i + 1) / 2);
  }
  return arg;
}

int sleeping = 0;

void *sleeper(void *arg) {
  pthread_mutex_lock(&lock);
  __atomic_store_n(&sleeping, 1, __ATOMIC_SEQ_CST);
  pthread_cond_wait(&wake, &lock);
  pthread_mutex_unlock(&lock);
  return arg;
}

int main(void) {
  pthread_t p, c, s;
  pthread_cond_init(&wake, NULL);
#if defined(LOST) || defined(DESTROY)
  pthread_create(&s, NULL, sleeper, NULL);
#ifdef DESTROY
  while (!__atomic_load_n(&sleeping, __ATOMIC_SEQ_CST))
    ; // (an unlock/lock loop here may starve the sleeper: mutexes promise no
  // fairness, NONTERMINATION); the sleeper sets it holding the lock, which
  // it releases only by waiting: once the lock is taken, the sleeper waits
  pthread_mutex_lock(&lock);
  pthread_cond_destroy(&wake);
#endif
  pthread_cond_signal(&wake);
  pthread_join(s, NULL);
#endif
  pthread_create(&p, NULL, producer, NULL);
  pthread_create(&c, NULL, consumer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  pthread_cond_destroy(&wake);
  return 0;
}
