// More of <math.h> on concrete arguments, each computed by the host libm in
// the function's own type as the real run's (gcc -O0 -lm) is: rounding
// (round, trunc, rint, nearbyint), remainders (fmod, remainder), roots and
// logarithms (cbrt, log2, exp2, expm1, log1p), trigonometric and hyperbolic
// functions and their inverses, hypot, fdim, copysign (also of -0.0 and
// NaN). The printed lines are the gcc-compiled run's. A periodic boundary
// by fmod (a common HPC idiom) is verified; -DBROKEN wraps with the wrong
// sign of fmod's result (fmod(-1.0, 10.0) is -1.0: the index goes
// negative): OUT_OF_BOUNDS.
// On a symbolic argument they are uninterpreted: -DSYMBOLIC is unknown,
// naming the function.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s -DBROKEN --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s -DSYMBOLIC --quiet | FileCheck %s --check-prefix=SYM
// OUT: round 3 -3 trunc -2 rint 2 4 nearbyint 2
// OUT-NEXT: fmod 0.5 -0.5 1.5 remainder -0.5 0.25
// OUT-NEXT: cbrt 3 log2 10 exp2 0.125 expm1 1.0000050000166668e-05 log1p 9.9999500003333319e-06
// OUT-NEXT: asin 1.5707963267948966 acos 0 sinh 1.1752011936438014 cosh 1.5430806348152437 tanh 0.76159415595576485
// OUT-NEXT: asinh 0.88137358701954305 acosh 0 atanh 0.54930614433405478
// OUT-NEXT: hypot 5 5 fdim 2 0 copysign -3 -0 -nan
// OUT-NEXT: float 1.41421354 0.333333343 long 1.41421356237309504876
// OUT-NEXT: wrapped 9 0 1
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}math_more.c:68:12 (process 0)
// SYM: verdict: unknown (unsupported: ASSERTION at {{.*}}math_more.c:73:3 ({{.*}}) depends on the value of fmod for a symbolic argument, which chorus does not compute)
#include <assert.h>
#include <math.h>
#include <stdio.h>

#ifdef SYMBOLIC
#pragma TASS input {X > 0 && X < 10}
double X;
#endif

int wrap(int i, int n) {
#ifdef BROKEN
  return (int)fmod((double)i, (double)n); /* -1 stays -1 */
#else
  return (int)(n * (fmod((double)i / n, 1.0) + (i < 0 ? 1.0 : 0.0))) % n;
#endif
}

int main(void) {
  /* (arguments in variables: gcc folds calls with constant arguments at
     compile time, correctly rounded, where libm may differ in the last bit) */
  double h = 2.5, m = -2.5, t = -2.7, r = 3.5, one = 1.0, mh = -0.5, s = 7.5, two = 2.0;
  double q = 2.25, w = 1.5, c27 = 27.0, k = 1024.0, m3 = -3.0, e5 = 1e-5, half = 0.5;
  double three = 3.0, four = 4.0, five = 5.0, zero = 0.0, nan = NAN;
  printf("round %g %g trunc %g rint %g %g nearbyint %g\n", round(h), round(m), trunc(t), rint(h),
         rint(r), nearbyint(h));
  printf("fmod %g %g %g remainder %g %g\n", fmod(h, one), fmod(mh, one), fmod(s, two),
         remainder(h, w), remainder(q, one));
  printf("cbrt %g log2 %g exp2 %g expm1 %.17g log1p %.17g\n", cbrt(c27), log2(k), exp2(m3),
         expm1(e5), log1p(e5));
  printf("asin %.17g acos %g sinh %.17g cosh %.17g tanh %.17g\n", asin(one), acos(one), sinh(one),
         cosh(one), tanh(one));
  printf("asinh %.17g acosh %g atanh %.17g\n", asinh(one), acosh(one), atanh(half));
  printf("hypot %g %g fdim %g %g copysign %g %g %g\n", hypot(three, four), hypot(-three, -four),
         fdim(five, three), fdim(three, five), copysign(three, -one), copysign(zero, -two),
         copysign(nan, -one));
  float fo = 1.0f, f27 = 27.0f;
  long double l2 = 2.0L;
  printf("float %.9g %.9g long %.21Lg\n", hypotf(fo, fo), cbrtf(fo / f27), sqrtl(l2));
  int cells[10] = {0};
  int a = wrap(-1, 10), b = wrap(10, 10), c = wrap(11, 10);
  printf("wrapped %d %d %d\n", a, b, c);
  cells[a] = 1;
  cells[b] = 1;
  cells[c] = 1;
  assert(cells[9] + cells[0] + cells[1] == 3);
#ifdef SYMBOLIC
  assert(fmod(X, 1.0) < 1.0);
#endif
  return 0;
}
