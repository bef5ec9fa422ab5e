// chorus_nondet_int() / __VERIFIER_nondet_int() give fresh unconstrained
// values within the type's range; chorus_assume restricts them;
// __VERIFIER_error() is an assertion failure.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DERROR | FileCheck %s --check-prefix=ERROR
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}nondet.c:25:3 (process 0)
// BAD: nondet0 = {{[0-9]+}}
// ERROR: verdict: violation ASSERTION at {{.*}}nondet.c:29:5 (process 0)
// ERROR: __VERIFIER_error() reached
#include <assert.h>
#include <chorus.h>

int main(void) {
  int k = chorus_nondet_int();
  chorus_assume(k > 3 && k < 1000);
  short c = __VERIFIER_nondet_short();
  assert(c >= -32768 && c <= 32767);
  _Bool b = chorus_nondet_bool();
  assert(b == 0 || b == 1);
  int s = k + (c > 0 ? c : -c);
  assert(s > 3);
#ifdef BROKEN
  assert(s < 1000);
#endif
  if (k == 500 && c == 7)
#ifdef ERROR
    __VERIFIER_error();
#else
    s = 0;
#endif
  return s < 0;
}
