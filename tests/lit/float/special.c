// Infinities, NaN and -0.0 are values of concrete computations (--float
// ieee): 1.0/0.0, overflow, 0.0/0.0 (-nan on x86-64), sqrt(-1.0), log(0.0),
// INFINITY, NAN, HUGE_VAL; comparisons with NaN are false (!= true);
// isnan/isinf/isfinite/isnormal/signbit/fpclassify and isgreater ...
// isunordered (false for NaN, but isunordered); printf prints them as
// glibc does. The printed lines are checked against the real run (gcc) and
// chorus's. An infinity or NaN converted to an integer is undefined
// (C11 6.3.1.4p1): UNDEFINED_BEHAVIOR at the conversion; -0.0 converts to 0.
// RUN: %native %s | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=CHECK,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTOINT | FileCheck %s --check-prefix=TOINT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNANINT | FileCheck %s --check-prefix=NANINT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNEGZERO | FileCheck %s --check-prefix=NEGZERO
// CHECK: div inf -inf -nan nan
// CHECK: const inf nan inf inf -nan
// CHECK: over inf -inf inf inf
// CHECK: math -nan -inf inf 0.000000
// CHECK: prop -nan nan -nan inf -inf
// CHECK: fmt -INF -NAN -inf -inf -inf nan +inf
// CHECK: cmp 0 0 0 0 0 1 1 0 1 0
// CHECK: class 1 -1 1 0 1 1 0 0
// CHECK: fpclass 0 1 2 3 4
// CHECK: sign 1 -2147483648 512 0 0
// CHECK: zero -0.000000 -0 -0.000000e+00 -0x0p+0 0.000000 -inf inf
// CHECK: zero ops -0.000000 0.000000 -0.000000 -0.000000 0.000000 -0.000000 0
// CHECK: zero cmp 1 0 0
// CHECK: ord 0 1 1 0 1 0 1 1
// CHECK: long -inf -nan -0.000000
// OK: verdict: verified
#include <assert.h>
#include <math.h>
#include <stdio.h>

int main(void) {
  double zero = 0.0, one = 1.0;
  double pinf = one / zero, ninf = -one / zero, qnan = zero / zero;
  printf("div %f %f %f %f\n", pinf, ninf, qnan, -qnan);
  float fi = INFINITY;
  printf("const %f %f %f %f %f\n", fi, NAN, HUGE_VAL, HUGE_VALF, -NAN);
  float big = 1e30f;
  double dbig = 1e300;
  float narrowed = (float)dbig;
  printf("over %f %f %f %f\n", big * big, -dbig * dbig, narrowed, 1e400);
  printf("math %f %f %f %f\n", sqrt(-1.0), log(0.0), fabs(ninf), fabs(-zero));
  printf("prop %f %f %f %f %f\n", pinf - pinf, NAN + 1, qnan * 2, pinf * 2, 1 - pinf);
  printf("fmt %F %E %g %e %a %.3f %+f\n", ninf, qnan, pinf * -1, ninf, ninf, NAN, pinf);
  printf("cmp %d %d %d %d %d %d %d %d %d %d\n", qnan == qnan, qnan < 1, qnan > 1, qnan <= qnan,
         qnan >= 1, qnan != qnan, pinf > 1e308, ninf > -1e308, pinf == pinf, !qnan);
  printf("class %d %d %d %d %d %d %d %d\n", isnan(qnan), isinf(ninf), isinf(pinf),
         isfinite(pinf), isfinite(one), isnormal(one), isnormal(1e-310), isnan(pinf));
  printf("fpclass %d %d %d %d %d\n", fpclassify(qnan), fpclassify(ninf), fpclassify(-zero),
         fpclassify(1e-310), fpclassify(one));
  float fneg = -1.0f;
  long double lneg = -2.0L;
  printf("sign %d %d %d %d %d\n", signbit(-zero) != 0, signbit(fneg), signbit(lneg),
         signbit(zero), signbit(-qnan) != 0);
  double nz = -zero;
  printf("zero %f %g %e %a %f %f %f\n", nz, nz, nz, nz, -nz, one / nz, one / -nz);
  double tiny = -1e-300;
  printf("zero ops %f %f %f %f %f %f %d\n", -1.0 * zero, nz + zero, nz + nz, tiny * 1e-300,
         nz - nz, nz * 5, (int)nz);
  printf("zero cmp %d %d %d\n", nz == zero, nz < zero, nz ? 1 : 0);
  printf("ord %d %d %d %d %d %d %d %d\n", isgreater(qnan, one), isless(one, pinf),
         isunordered(qnan, one), isunordered(one, 2.0), islessgreater(one, 2.0),
         islessgreater(qnan, one), isgreaterequal(pinf, pinf), islessequal(nz, zero));
  long double lz = 0.0L;
  printf("long %Lf %Lf %Lf\n", -1.0L / lz, lz / lz, -lz);
  assert(pinf > dbig && !(qnan == qnan) && qnan != qnan && nz == 0 && isnan(sqrt(-1.0)));
#ifdef TOINT
  int i = pinf; /* undefined: x86-64 gives INT_MIN */
#endif
#ifdef NANINT
  long k = (long)qnan;
#endif
#ifdef WRONG
  assert(qnan == qnan);
#endif
#ifdef NEGZERO
  assert(signbit(nz) == 0);
#endif
  return 0;
}
// TOINT: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}special.c:71:11 (process 0)
// TOINT: conversion of inf to int
// NANINT: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}special.c:74:12 (process 0)
// NANINT: conversion of -nan to long
// WRONG: verdict: violation ASSERTION at {{.*}}special.c:77:3 (process 0)
// NEGZERO: verdict: violation ASSERTION at {{.*}}special.c:80:3 (process 0)
