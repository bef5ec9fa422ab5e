// The float (f) and long double (l) forms of the math functions compute in
// their own type, as the real run's libm: sqrtf(2.0f) is the float nearest
// sqrt(2), not the double; expf, powf, sinl, ... likewise, printed
// identically. On symbolic arguments they are uninterpreted (a violation
// that depends on their value is `unknown`, naming the function); sqrtf's
// result is known to be >= 0. sqrtf of a negative number is NaN (IEEE, the
// default: an argument that is always negative gives -nan, one that may be
// `unknown`); with --float real it is an ASSERTION violation (libc/math.c).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 2 %chorus verify %s -DSYMBOLIC --quiet | FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %chorus verify %s -DNEGATIVE --quiet | FileCheck %s --check-prefix=NAN
// RUN: %expect-exit 134 %native %s -DNEGATIVE
// RUN: %expect-exit 1 %chorus verify %s -DBROKEN --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native %s -DBROKEN
// OUT: 1.41421354 1.4142135623730951 1.41421356237309504876 2.71828175 1024 0.841470957
// OK: verdict: verified
// SYM: verdict: unknown (unsupported: ASSERTION at {{.*}}math_float.c:42:5 ({{.*}}) depends on the value of sqrtf for a symbolic argument, which chorus does not compute)
// NAN: verdict: violation ASSERTION at {{.*}}math_float.c:47:3 (process 0)
// BAD: verdict: violation ASSERTION at {{.*}}math_float.c:51:3 (process 0)
#include <assert.h>
#include <math.h>
#include <stdio.h>

#pragma TASS input {X > -4 && X < 4}
float X;

int main(void) {
  float r = sqrtf(2.0f);
  assert(r != sqrt(2.0) && r == (float)sqrt(2.0));
  long double q = sqrtl(2.0L);
  assert(q != sqrt(2.0) && fabsl(q * q - 2.0L) < 1e-18L);
  assert(sqrtf(16.0f) == 4.0f && fabsf(-2.5f) == 2.5f && floorf(2.7f) == 2.0f);
  assert(powf(2.0f, 10.0f) == 1024.0f && fmaxf(1.0f, -1.0f) == 1.0f);
  printf("%.9g %.17g %.21Lg %.9g %.9g %.9g\n", r, sqrt(2.0), q, expf(1.0f), powf(2.0f, 10.0f),
         sinf(1.0f));
  float x = X;
  if (x >= 0) {
    float s = sqrtf(x);
    assert(s >= 0);
#ifdef SYMBOLIC
    assert(s * s == x); // false for x = 2 in the real run
#endif
  }
#ifdef NEGATIVE
  float y = sqrtf(x - 10.0f);
  assert(y == y); /* NaN */
#endif
#ifdef BROKEN
  // sqrtf rounds to float: it is not the double sqrt(2.0)
  assert(sqrtf(2.0f) == sqrt(2.0));
#endif
  return 0;
}
