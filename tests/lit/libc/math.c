// <math.h> (lib/exec/Math.cpp): on numbers, the functions return what the C
// library returns (the real run's values: sqrt(16.0) == 4.0, sqrt(2.0)
// printed to 17 digits); on symbolic arguments they are uninterpreted, so a
// violation that depends on their value is `unknown`, naming the function
// (before, `assert(sqrt(16.0) == 4.0)` was a false ASSERTION violation).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// (--float real: the symbolic runs reason over reals, the seeds' semantics;
// with IEEE doubles 1e300 * 1e10 overflows and r * r is a rounding: unknown)
// RUN: %expect-exit 2 %chorus verify %s --float real -DSYMBOLIC --quiet | FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %chorus verify %s --float real -DNEGATIVE --quiet | FileCheck %s --check-prefix=NEG
// OUT: 1.4142135623730951 0.69314718055994529
// OK: verdict: verified
// SYM: verdict: unknown (unsupported: ASSERTION at {{.*}}math.c:38:5 ({{.*}}) depends on the value of sqrt for a symbolic argument, which chorus does not compute)
// NEG: verdict: violation ASSERTION at {{.*}}math.c:42:14 (process 0)
// NEG: sqrt of a negative number
#include <assert.h>
#include <math.h>
#include <stdio.h>

#ifdef __clang__
extern double __VERIFIER_nondet_double(void);
#else
double __VERIFIER_nondet_double(void) { return 2.0; }
#endif

int main(void) {
  assert(sqrt(16.0) == 4.0 && pow(2.0, 10.0) == 1024.0);
  assert(floor(2.7) == 2.0 && ceil(0.2) == 1.0 && fmin(3.0, -1.5) == -1.5 && fmax(3.0, -1.5) == 3.0);
  assert(exp(0.0) == 1.0 && log(1.0) == 0.0 && sin(0.0) == 0.0 && cos(0.0) == 1.0);
  assert(sqrt(2.0) > 1.41 && sqrt(2.0) < 1.42);
  printf("%.17g %.17g\n", sqrt(2.0), log(2.0));
  double x = __VERIFIER_nondet_double();
  if (x >= 0) {
    double r = sqrt(x);
    assert(r >= 0); // sqrt's range is known
#ifdef SYMBOLIC
    assert(r * r == x); // false for x = 2.0 in the real run
#endif
  }
#ifdef NEGATIVE
  double y = sqrt(x - 1e300 * 1e10);
#endif
  return 0;
}
