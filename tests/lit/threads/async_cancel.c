// Asynchronous cancellation (POSIX XSH 2.9.5: with cancelability enabled
// and type PTHREAD_CANCEL_ASYNCHRONOUS, "the thread can be canceled at any
// time"; "only functions that are cancel-safe may be called from a thread
// with asynchronous cancelability enabled": pthread_cancel,
// pthread_setcancelstate, pthread_setcanceltype). A worker moves 10 from a
// to b (a + b == 100), announces it, then makes its cancelability
// asynchronous and spins with no cancellation point; main waits for the
// announcement, cancels it, joins it (PTHREAD_CANCELED) and checks the sum
// and that the worker's cleanup handler ran once. Verified (chorus lets the
// worker act before any of its statements once the request is pending), and
// the gcc run agrees (glibc cancels the spinning thread).
// Broken: -DEARLY the worker is asynchronous during the transfer and
// announces it half done: the cancellation may act between the two halves
// (ASSERTION on the sum; the native run, which spins between them, aborts
// too); -DLOCK the worker takes a mutex while asynchronous (LOCK_MISUSE: not
// async-cancel-safe; undefined, so the native run proves nothing).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native -DEARLY %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DEARLY | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DEARLY --no-dpor | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOCK | FileCheck %s --check-prefix=LOCK
// OK: verdict: verified
// EARLY: verdict: violation ASSERTION at {{.*}}async_cancel.c:81:3 (process 0)
// LOCK: verdict: violation LOCK_MISUSE at {{.*}}async_cancel.c:52:3 (process 0, thread 1)
// LOCK: pthread_mutex_lock called with asynchronous cancelability enabled
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static int a = 100, b = 0; // written by the worker only, read by main after the join
static int handlers;       // likewise
static atomic_int announced;
static atomic_int never;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void done(void* arg) {
  (void)arg;
  handlers++;
}

static void* worker(void* arg) {
  (void)arg;
  int old;
  pthread_cleanup_push(done, NULL);
#if defined(EARLY) || defined(LOCK)
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
#endif
#ifdef LOCK
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
#endif
  a -= 10;
#ifdef EARLY
  atomic_store(&announced, 1);
  while (!atomic_load(&never)) {
  }
#endif
  b += 10;
  atomic_store(&announced, 1);
#if !defined(EARLY) && !defined(LOCK)
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
#endif
  for (;;) {
  }
  pthread_cleanup_pop(0);
  return NULL;
}

int main(void) {
  pthread_t t;
  void* r;
  pthread_create(&t, NULL, worker, NULL);
  while (!atomic_load(&announced)) {
  }
  pthread_cancel(t);
  pthread_join(t, &r);
  assert(r == PTHREAD_CANCELED && handlers == 1);
  assert(a + b == 100);
  return 0;
}
