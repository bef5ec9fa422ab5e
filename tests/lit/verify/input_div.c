// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation DIVISION_BY_ZERO at {{.*}}input_div.c:15:15 (process 0)
// BAD: inputs:
// BAD-NEXT: D = 0
#ifdef BROKEN
#pragma TASS input {D >= 0 && D < 5}
#else
#pragma TASS input {D >= 1 && D < 5}
#endif
int D;

int main(void) {
  int q = 100 / D;
  return q > 100;
}
