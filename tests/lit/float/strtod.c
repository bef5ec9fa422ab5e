// strtod/strtof/atof and --input with --float ieee: the decimal string's
// value rounded to the result type (glibc's strtod is correctly rounded), as
// the real run reads it; with --float real the exact decimal.
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet --float real | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 0 %chorus verify %s --quiet -DINPUT --input R=0.1 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// REAL: verdict: violation ASSERTION at {{.*}}strtod.c:23:3 (process 0)
#include <assert.h>
#include <stdlib.h>

#ifdef INPUT
#pragma TASS input
double R;
#else
#define R 0.1
#endif

int main(void) {
  double d = atof("0.1");
  float f = strtof("0.1", 0);
  assert(d * 3 != 0.3 && d == 0.1 && f == 0.1f);
  assert(strtod("0.30000000000000004", 0) == 0.1 + 0.2);
  assert(R == 0.1 && R + 0.2 != 0.3);
  return 0;
}
