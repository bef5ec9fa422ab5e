// Deferred thread cancellation and cleanup handlers (POSIX XSH 2.9.5 "Thread
// Cancellation": a request is acted upon when the target, with
// cancelability enabled, reaches a cancellation point, and the thread then
// behaves as if it called pthread_exit(PTHREAD_CANCELED); pthread_exit runs
// the cleanup handlers pushed and not popped, last pushed first;
// pthread_cond_wait: "a side-effect of acting upon a cancellation request
// while in a condition wait is that the mutex is (in effect) re-acquired
// before calling the first cancellation cleanup handler").
// A worker waits on a condition variable nobody signals, with a cleanup
// handler that unlocks the mutex and counts; a second worker polls
// pthread_testcancel in a loop; a third disables cancellation around a
// critical part and ends by pthread_exit inside a push/pop pair (its
// handler runs too). Main cancels the first two, joins all three and
// checks the values (PTHREAD_CANCELED twice) and the handlers' count.
// Verified, and the gcc-compiled run agrees (it terminates).
// Broken: -DNOUNLOCK the handler does not unlock: the cancelled waiter dies
// holding the mutex it took again, and main's lock waits forever (DEADLOCK;
// the native run hangs, not run); -DDISABLED the waiter disables
// cancellation before waiting: the request is never acted upon (DEADLOCK in
// main's join, with the waiter's wait on a condition nobody signals);
// -DPOP0 the exiting worker pops its handler without running it before
// pthread_exit (ASSERTION on the count; the native run aborts too, exit
// 134); -DNOJOIN main reads the count before joining the poller (DATA_RACE
// with its handler).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native -DPOP0 %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOUNLOCK | FileCheck %s --check-prefix=NOUNLOCK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDISABLED | FileCheck %s --check-prefix=DISABLED
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPOP0 | FileCheck %s --check-prefix=POP0
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOJOIN | FileCheck %s --check-prefix=NOJOIN
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOUNLOCK --no-dpor | FileCheck %s --check-prefix=NOUNLOCK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPOP0 --no-dpor | FileCheck %s --check-prefix=POP0
// OK: verdict: verified
// NOUNLOCK: verdict: violation DEADLOCK at {{.*}}cancel.c:119:3 (process 0, thread 0)
// NOUNLOCK: thread 2 waits in pthread_mutex_lock at {{.*}}cancel.c:62:3 (mutex &m held by thread 1)
// DISABLED: verdict: violation DEADLOCK at {{.*}}cancel.c:75:5 (process 0, thread 1)
// DISABLED: thread 0 waits in pthread_join at {{.*}}cancel.c:115:3 (waits for thread 1 to end)
// POP0: verdict: violation ASSERTION at {{.*}}cancel.c:122:3 (process 0)
// NOJOIN: verdict: violation DATA_RACE at {{.*}}cancel.c:63:7 (process 0, thread 2)
// NOJOIN: data race on polled (a local variable of thread 0): thread 2 writes it here and thread 0 reads it at {{.*}}cancel.c:117:14
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int handlers; // under m
static int ready;

static void unlockAndCount(void *arg) {
  (void)arg;
#ifndef NOUNLOCK
  handlers++;
  pthread_mutex_unlock(&m);
#endif
}

static void count(void *arg) {
  int *n = arg;
  pthread_mutex_lock(&m);
  (*n)++;
  pthread_mutex_unlock(&m);
}

static void *waiter(void *arg) {
  (void)arg;
#ifdef DISABLED
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
#endif
  pthread_mutex_lock(&m);
  pthread_cleanup_push(unlockAndCount, NULL);
  while (!ready)
    pthread_cond_wait(&c, &m); // a cancellation point
  pthread_cleanup_pop(1);
  return NULL;
}

static void *poller(void *arg) {
  pthread_cleanup_push(count, arg);
  for (;;)
    pthread_testcancel();
  pthread_cleanup_pop(0);
  return NULL;
}

static void *exiter(void *arg) {
  int old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  assert(old == PTHREAD_CANCEL_ENABLE);
  pthread_cleanup_push(count, arg);
#ifdef POP0
  pthread_cleanup_pop(0);
  pthread_exit(arg);
#else
  pthread_exit(arg);
  pthread_cleanup_pop(0);
#endif
  return NULL;
}

int main(void) {
  pthread_t a, b, e;
  void *ra, *rb, *re;
  int polled = 0, exited = 0;
  pthread_create(&a, NULL, waiter, NULL);
  pthread_create(&b, NULL, poller, &polled);
  pthread_create(&e, NULL, exiter, &exited);
  pthread_cancel(a);
  pthread_cancel(b);
  pthread_mutex_lock(&m);
  assert(handlers <= 1);
  pthread_mutex_unlock(&m);
  pthread_join(a, &ra);
#ifdef NOJOIN
  int seen = polled;
#endif
  pthread_join(b, &rb);
  pthread_join(e, &re);
  assert(ra == PTHREAD_CANCELED && rb == PTHREAD_CANCELED && re == &exited);
  assert(handlers == 1 && polled == 1 && exited == 1);
#ifdef NOJOIN
  return seen;
#endif
  return 0;
}
