// Real division: floating types are mathematical reals; dividing by a
// difference that can be 0.0 is a DIVISION_BY_ZERO.
// (--float real: the reals' semantics this test is about; with IEEE doubles
// a floating division by zero is unknown, tests/lit/float/overflow.c)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation DIVISION_BY_ZERO at {{.*}}div_real.c:22:14 (process 0)
// BAD: A = 1/2
#include <assert.h>

#pragma TASS input {A > 0.0 && A < 1.0}
double A;

int main(void) {
  double b = 1.0;
#ifdef BROKEN
  double d = A - 0.5;
#else
  double d = A * A + 0.5;
#endif
  double r = b / d;
  assert(r > 0.0);
  return 0;
}
