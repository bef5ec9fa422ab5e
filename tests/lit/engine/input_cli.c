// --input NAME=VALUE fixes an input declared by pragma (variable or macro).
// (--float real where RATE is symbolic: a real, as in TASS; with IEEE doubles
// x * RATE is a rounding chorus does not compute: unknown)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet -DBROKEN --input STEPS=3 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN --input STEPS=4 --input RATE=0.5 | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 3 %chorus verify %s -n 1 --quiet --input STEPS=x 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: %expect-exit 3 %chorus verify %s -n 1 --quiet --input STEP=2 2>&1 | FileCheck %s --check-prefix=NONAME
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}input_cli.c:29:3 (process 0)
// BAD: STEPS = 4
// FIXED: verdict: violation ASSERTION at {{.*}}input_cli.c:29:3 (process 0)
// FIXED-NOT: STEPS =
// NAN: STEPS=x: not a number
// NONAME: --input STEP: no input variable or macro of that name
#include <assert.h>

#pragma TASS input {STEPS >= 0 && STEPS <= 4} int
#define STEPS 2
#pragma TASS input {RATE > 0.0 && RATE < 1.0}
double RATE;

int main(void) {
  double x = 1.0;
  for (int i = 0; i < STEPS; i++)
    x = x * RATE;
#ifdef BROKEN
  assert(STEPS < 4);
#endif
  assert(x <= 1.0);
  return 0;
}
