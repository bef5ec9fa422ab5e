// pthread_exit in the main thread (POSIX pthread_exit: "The process shall
// exit with an exit status of 0 after the last thread has been terminated.
// The behavior shall be as if the implementation called exit() with a zero
// argument at thread termination time"). Main creates two workers, pushes
// a cleanup handler and ends by pthread_exit: the handler runs, then the
// workers go on; the second joins the first and checks the count, and the
// process ends when the last one does (the heap is checked for leaks
// then). Verified, and the gcc-compiled run agrees.
// Broken: -DLOCAL a worker reads a local of main through a pointer after
// main ended (USE_AFTER_FREE: its lifetime is over; glibc leaves main's
// stack mapped, so the native run passes); -DLEAK the last worker's buffer
// is never freed (MEMORY_LEAK at the process's end); -DWRONG the check
// expects a third increment (ASSERTION; the native run aborts too, exit
// 134); -DNOHANDLER main pops its handler without running it (ASSERTION in
// the worker that joins main; the native run aborts too).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %native -DLOCAL %s
// RUN: %expect-exit 134 %native -DWRONG %s
// RUN: %expect-exit 134 %native -DNOHANDLER %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOCAL | FileCheck %s --check-prefix=LOCAL
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOHANDLER | FileCheck %s --check-prefix=NOHANDLER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG --no-dpor | FileCheck %s --check-prefix=WRONG
// OK: verdict: verified
// LOCAL: verdict: violation USE_AFTER_FREE at {{.*}}exit_main.c:59:9 (process 0, thread 1)
// LOCAL-NEXT: read of a local variable of main after main ended by pthread_exit
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}exit_main.c:52:14 (process 0)
// WRONG: verdict: violation ASSERTION at {{.*}}exit_main.c:75:3 (process 0, thread 2)
// NOHANDLER: verdict: violation ASSERTION at {{.*}}exit_main.c:80:3 (process 0, thread 2)
// NOHANDLER-NEXT: assertion 'mainDone == 1' may fail
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;
static int mainDone; // set by main's cleanup handler
static pthread_t first, mainThread;

static void markDone(void *arg) {
  pthread_mutex_lock(&m);
  mainDone = *(int *)arg;
  pthread_mutex_unlock(&m);
}

static void *work(void *arg) {
  int *local = arg;
  int *buf = malloc(sizeof *buf);
  if (!buf)
    return NULL;
  *buf = 1;
  pthread_mutex_lock(&m);
  count += *buf;
#ifdef LOCAL
  count += *local - 1;
#else
  (void)local;
#endif
  pthread_mutex_unlock(&m);
#ifndef LEAK
  free(buf);
#endif
  return NULL;
}

static void *last(void *arg) {
  work(arg);
  pthread_join(first, NULL);
  pthread_mutex_lock(&m);
#ifdef WRONG
  assert(count == 3);
#endif
  pthread_mutex_unlock(&m);
  pthread_join(mainThread, NULL); // main is joinable
  pthread_mutex_lock(&m);
  assert(mainDone == 1);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  static int one = 1;
  int mine = 1;
  pthread_t second;
  mainThread = pthread_self();
  pthread_create(&first, NULL, work, &mine);
  pthread_create(&second, NULL, last, &mine);
  pthread_cleanup_push(markDone, &one);
#ifdef NOHANDLER
  pthread_cleanup_pop(0);
  pthread_exit(NULL);
#else
  pthread_exit(NULL);
  pthread_cleanup_pop(0);
#endif
  return 1; // not reached
}
