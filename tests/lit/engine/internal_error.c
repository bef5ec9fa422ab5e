// Internal errors (defects of chorus) never end chorus with a signal or an
// abort: each becomes the verdict unknown (internal error: ...), exit code 2,
// with the program location being executed. The test-only variable
// CHORUS_TEST_FAULT=KIND@LINE injects a fault at a transition of line LINE:
// an exception (std::logic_error), a null dereference, an abort, an endless
// recursion (stack overflow).
// RUN: %expect-exit 2 env -u CHORUS_INTERNAL_ERROR_LOG CHORUS_TEST_FAULT=exception@21 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=EXC
// RUN: %expect-exit 2 env -u CHORUS_INTERNAL_ERROR_LOG CHORUS_TEST_FAULT=segv@21 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=SEGV
// RUN: %expect-exit 2 env -u CHORUS_INTERNAL_ERROR_LOG CHORUS_TEST_FAULT=abort@21 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=ABORT
// RUN: %expect-exit 2 env -u CHORUS_INTERNAL_ERROR_LOG CHORUS_TEST_FAULT=overflow@21 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 0 env CHORUS_TEST_FAULT=exception@99 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// EXC: verdict: unknown (internal error: injected test fault while executing {{.*}}internal_error.c:21:5 (process 0))
// SEGV: verdict: unknown (internal error: signal SIGSEGV while executing {{.*}}internal_error.c:21:5)
// ABORT: verdict: unknown (internal error: signal SIGABRT while executing {{.*}}internal_error.c:21:5)
// OVERFLOW: verdict: unknown (internal error: signal SIGSEGV while executing {{.*}}internal_error.c:21:5)
// OK: verdict: verified
#include <assert.h>

int main(void) {
  int x = 1;
  x = x + 1;
  assert(x == 2);
  return 0;
}

// The test suite (tools/run-lit) fails when a run records an internal error
// in CHORUS_INTERNAL_ERROR_LOG (the lines above unset it), whatever verdict
// the test expects:
// RUN: rm -f %t.log
// RUN: %expect-exit 2 env CHORUS_INTERNAL_ERROR_LOG=%t.log CHORUS_TEST_FAULT=segv@21 %chorus verify %s -n 2 --quiet
// RUN: %expect-exit 2 env CHORUS_INTERNAL_ERROR_LOG=%t.log CHORUS_TEST_FAULT=exception@21 %chorus verify %s -n 2 --quiet
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// LOG: internal error: signal SIGSEGV while executing {{.*}}internal_error.c:21:5
// LOG-NEXT: internal error: injected test fault while executing {{.*}}internal_error.c:21:5
