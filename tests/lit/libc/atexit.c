// The end of a process (lib/exec/Exit.cpp, C11 7.22.4): returning from main
// and exit() run the atexit handlers, the last registered first (one
// registered while they run comes next), then the destructor functions
// (the highest priority number first, among equal ones the last defined
// first), as glibc and gcc do: the real runs print the same trace. _Exit
// runs nothing. Before, atexit was `unknown` and destructors exit 3.
// RUN: %native %s | FileCheck %s --check-prefix=TRACE
// RUN: %native -DEXIT %s | FileCheck %s --check-prefix=TRACE
// RUN: %native -n 2 -DMPI %s | FileCheck %s --check-prefix=TRACE
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -DEXIT --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -DMPI -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -DQUICK --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefix=TRACE
// RUN: %expect-exit 1 %chorus verify %s -DTWICE --quiet | FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 1 %chorus verify %s -DWRONG --quiet | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify %s -DLEAK --quiet | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s -DMPI -DNOFINALIZE -n 2 --quiet | FileCheck %s --check-prefix=NOFIN
// RUN: %expect-exit 1 %chorus verify %s -DNULLFN --quiet | FileCheck %s --check-prefix=NULLFN
// OK: verdict: verified
// TRACE: trace 2114567
// TWICE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}atexit.c:64:3 (process 0)
// TWICE: exit() called while the atexit handlers and destructors run
// WRONG: verdict: violation ASSERTION at {{.*}}atexit.c:53:3 (process 0)
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}atexit.c:72:11 (process 0)
// NOFIN: verdict: violation MPI_USAGE at {{.*}}atexit.c:47:1 (process 0)
// NULLFN: verdict: violation NULL_DEREFERENCE at {{.*}}atexit.c:79:3 (process 0)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef MPI
#include <mpi.h>
#endif

int trace = 0;
int *block;

__attribute__((destructor)) static void d1(void) { trace = trace * 10 + 5; }
__attribute__((destructor(200))) static void d200(void) { trace = trace * 10 + 6; }
__attribute__((destructor)) static void d2(void) { trace = trace * 10 + 4; }
__attribute__((destructor(101))) static void d101(void) {
  trace = trace * 10 + 7;
#if !defined(QUICK) && !defined(LEAK)
  assert(trace == 2114567);
  printf("trace %d\n", trace);
#endif
}

static void a1(void) { trace = trace * 10 + 1; }

static void a2(void) {
#ifdef WRONG
  assert(trace == 1); // wrong: a2, registered last, runs first
#endif
  trace = trace * 10 + 2;
  atexit(a1); // registered while the handlers run: runs next
  free(block);
#ifdef MPI
#ifndef NOFINALIZE
  MPI_Finalize();
#endif
#endif
#ifdef TWICE
  exit(1);
#endif
}

int main(int argc, char **argv) {
#ifdef MPI
  MPI_Init(&argc, &argv);
#endif
  block = malloc(sizeof(int));
  atexit(a1);
#ifndef LEAK
  atexit(a2);
#endif
#ifdef NULLFN
  void (*none)(void) = 0;
  atexit(none);
#endif
#ifdef QUICK
  _Exit(0); // nothing runs: no trace, the assertion is not reached
#endif
#ifdef EXIT
  exit(0);
#endif
  return 0;
}
