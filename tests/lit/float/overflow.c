// Infinities and NaN are values of concrete computations (--float ieee): an
// overflow (1e30f * 1e30f, a conversion of 1e300 to float) is an infinity
// and a floating division by zero an infinity or NaN, as in the real run
// (no violation: x86-64 does not trap). With a symbolic operand an infinite
// or NaN result is not modelled: a division whose divisor can be zero makes
// the verdict `unknown`, naming it. With --float real the values are reals
// (no overflow) and a floating division by zero is DIVISION_BY_ZERO.
// RUN: %expect-exit 0 %native %s -DOVER
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOVER | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOVER --float real | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 134 %native %s -DBROKEN
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BROKEN
// RUN: %expect-exit 0 %chorus verify %s --quiet -DBROKEN --float real | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 0 %native %s -DCONV
// RUN: %expect-exit 0 %chorus verify %s --quiet -DCONV | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 0 %native %s -DDIV
// RUN: %expect-exit 0 %chorus verify %s --quiet -DDIV | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDIV --float real | FileCheck %s --check-prefix=DIVREAL
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSYMDIV | FileCheck %s --check-prefix=SYMDIV
// RUN: %expect-exit 0 %chorus verify %s --quiet -DLARGE | FileCheck %s --check-prefix=REAL
// REAL: verdict: verified
// BROKEN: verdict: violation ASSERTION at {{.*}}overflow.c:47:3 (process 0)
// DIVREAL: verdict: violation DIVISION_BY_ZERO at {{.*}}overflow.c:61:14 (process 0)
// SYMDIV: verdict: unknown (unsupported: floating-point division by zero at {{.*}}overflow.c:66:18 (its infinite or NaN result is not modelled with symbolic values; --float real treats floating types as reals))
#include <assert.h>

#ifdef __clang__
extern double __VERIFIER_nondet_double(void);
#else
double __VERIFIER_nondet_double(void) { return 0.0; }
#endif

int main(void) {
  float big = 1e30f;
  /* the largest finite values are not an overflow */
  double dmax = 1.7976931348623157e308;
  float fmax = 3.40282346638528859811704183484516925440e+38f;
  assert(dmax > 1e308 && fmax > 3.4e38f);
  long double lbig = 1e4000L;
  assert(lbig > dmax);
#ifdef OVER
  assert(big * big > big); /* inf > 1e30f in the real run */
  assert(dmax * 2 > dmax && -dmax * 2 < -dmax && fmax + fmax / 1e7f > fmax);
#endif
#ifdef BROKEN
  float sq = big * big;
  assert(sq - sq == 0); /* inf - inf is NaN, which equals nothing */
#endif
#ifdef CONV
  double d = 1e300;
  float f = d;
  assert(f > 1e38f && f == d * 1e10 && -f < -1e38f);
#endif
#ifdef LARGE
  /* a rounding to the largest finite value is no overflow */
  float almost = 3.4028235e38f;
  assert(almost * 1.0000000001f == almost);
#endif
#ifdef DIV
  double z = 0.0;
  double q = 1.0 / z;
  assert(q > dmax && -1.0 / z < -dmax && !(z / z == z / z));
#endif
#ifdef SYMDIV
  double x = __VERIFIER_nondet_double();
  double r = 2.0 / x;
#endif
  return 0;
}
