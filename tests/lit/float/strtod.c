// strtod/strtof/atof and --input with --float ieee: the decimal string's
// value rounded to the result type (glibc's strtod is correctly rounded), as
// the real run reads it; with --float real the exact decimal. "inf",
// "infinity", "nan", "nan(chars)" (any case, signed) are infinities and NaN
// and "-0" is -0.0 (--float ieee), also for sscanf's %lf ("-0").
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet --float real | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 0 %chorus verify %s --quiet -DINPUT --input R=0.1 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// REAL: verdict: violation ASSERTION at {{.*}}strtod.c:27:3 (process 0)
#include <assert.h>
#include <math.h>
#include <stdio.h>
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
  char *end;
  const char *txt = "-Infinity!";
  double ni = strtod(txt, &end);
  assert(ni < -1e308 && isinf(ni) && end - txt == 9);
  const char *nan = "nan(12ab)x";
  double n = strtod(nan, &end);
  assert(n != n && end - nan == 9 && !signbit(n) && !isnan(ni));
  double nz = atof("-0.0");
  assert(nz == 0 && signbit(nz) && 1 / nz < 0);
  float fi = strtof("INF", 0);
  assert(fi > 3e38f && strtod("-nan", 0) != 0);
  double sz = 1;
  assert(sscanf("-0", "%lf", &sz) == 1 && sz == 0 && signbit(sz));
  return 0;
}
