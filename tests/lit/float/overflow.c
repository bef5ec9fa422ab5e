// Infinities and NaN are not values of the model (--float ieee): an
// operation whose result would be one (an overflow, a division by zero) makes
// the verdict `unknown`, naming the operation and its location, never a
// wrong verdict. With --float real the values are reals (no overflow) and a
// floating division by zero is DIVISION_BY_ZERO.
// RUN: %expect-exit 0 %native %s -DOVER
// RUN: %expect-exit 2 %chorus verify %s --quiet -DOVER | FileCheck %s --check-prefix=OVER
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOVER --float real | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 2 %chorus verify %s --quiet -DCONV | FileCheck %s --check-prefix=CONV
// RUN: %expect-exit 2 %chorus verify %s --quiet -DDIV | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 0 %native %s -DDIV
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSYMDIV | FileCheck %s --check-prefix=SYMDIV
// RUN: %expect-exit 0 %chorus verify %s --quiet -DLARGE | FileCheck %s --check-prefix=REAL
// OVER: verdict: unknown (unsupported: the product at {{.*}}overflow.c:36:14 overflows: its float value is infinite (infinities and NaN are not modelled; --float real treats floating types as reals))
// CONV: verdict: unknown (unsupported: the conversion to float at {{.*}}overflow.c:40:13 overflows: its float value is infinite {{.*}})
// DIV: verdict: unknown (unsupported: floating-point division by zero at {{.*}}overflow.c:44:18 (its infinite or NaN result is not modelled; --float real treats floating types as reals))
// SYMDIV: verdict: unknown (unsupported: floating-point division by zero at {{.*}}overflow.c:48:18 {{.*}})
// REAL: verdict: verified
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
#endif
#ifdef CONV
  double d = 1e300;
  float f = d;
#endif
#ifdef DIV
  double z = 0.0;
  double q = 1.0 / z;
#endif
#ifdef SYMDIV
  double x = __VERIFIER_nondet_double();
  double r = 2.0 / x;
#endif
  return 0;
}
