// Integer division by an input that may be zero: guarded in the correct
// form, unguarded in the broken one.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation DIVISION_BY_ZERO at {{.*}}div_zero.c:19:13 (process 0)
// BAD: division by zero
// BAD: D = 3
#pragma TASS input {D >= -5 && D <= 5}
int D;

int main(void) {
  int q = 0;
#ifndef BROKEN
  if (D - 3 != 0)
    q = 100 / (D - 3);
#else
  if (D != 0)
    q = 100 / (D - 3);
#endif
  return q > 1000;
}
