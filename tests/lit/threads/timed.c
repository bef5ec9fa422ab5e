// Timed waits: pthread_mutex_timedlock of a held mutex, pthread_cond_timedwait
// and sem_timedwait may time out (ETIMEDOUT, -1) or succeed once the other
// thread lets them; chorus explores both outcomes. The program handles
// both (verified; cross-checked with the gcc-compiled run, whose deadline is
// already past). Broken: it assumes the lock is taken (-DASSUMELOCK), that
// the wait saw the flag (-DASSUMEREADY), that the semaphore was posted
// (-DASSUMEPOST): each an ASSERTION on the timeout path.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSUMELOCK | FileCheck %s --check-prefix=LOCK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSUMEREADY | FileCheck %s --check-prefix=READY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSUMEPOST | FileCheck %s --check-prefix=POST
// OK: verdict: verified
// LOCK: verdict: violation ASSERTION at {{.*}}timed.c:46:3 (process 0, thread 0)
// READY: verdict: violation ASSERTION at {{.*}}timed.c:55:3 (process 0, thread 0)
// POST: verdict: violation ASSERTION at {{.*}}timed.c:64:3 (process 0, thread 0)
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
sem_t s;
int ready;

void *other(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  sem_post(&s);
  return 0;
}

int main(void) {
  struct timespec past = {0, 0}; /* a deadline already past */
  sem_init(&s, 0, 0);
  pthread_t t;
  pthread_create(&t, 0, other, 0);

  int r = pthread_mutex_timedlock(&m, &past);
#ifdef ASSUMELOCK
  assert(r == 0);
#endif
  if (r == 0) {
    while (!ready) {
      r = pthread_cond_timedwait(&c, &m, &past);
      if (r == ETIMEDOUT)
        break;
    }
#ifdef ASSUMEREADY
  assert(ready);
#endif
    pthread_mutex_unlock(&m);
  } else {
    assert(r == ETIMEDOUT);
  }

  int w = sem_timedwait(&s, &past);
#ifdef ASSUMEPOST
  assert(w == 0);
#endif
  assert(w == 0 || w == -1);
  pthread_join(t, 0);
  sem_destroy(&s);
  return 0;
}
