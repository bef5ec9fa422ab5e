// A symbolic floating input (--float ieee) ranges over the finite values of
// its type: no float is the double nearest to 0.1, so `x != 0.1` holds for
// a float x (before, the inputs were reals and x = 0.1 a false
// counterexample); |x| <= FLT_MAX; isnan/isinf are false and isfinite true
// of it, and it is below INFINITY. Whether a double input equals its
// rounding to float depends on a rounding chorus does not compute:
// `unknown`, not `verified` (it is false for 0.1). With --float real the
// inputs are reals and x = 0.1 refutes the first assertion. Infinities and NaN are
// no inputs: the verdict says so ("assuming floating-point inputs ... are
// finite"); an infinity or NaN in arithmetic with a symbolic value is
// `unknown`.
// RUN: %expect-exit 0 %chorus verify %s | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real --quiet | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 2 %chorus verify %s --quiet -DDOUBLE | FileCheck %s --check-prefix=DOUBLE
// RUN: %expect-exit 134 %native %s -DDOUBLE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native %s -DWRONG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNEAR | FileCheck %s --check-prefix=NEAR
// RUN: %expect-exit 2 %chorus verify %s --quiet -DINFOP | FileCheck %s --check-prefix=INFOP
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSQRT | FileCheck %s --check-prefix=SQRT
// RUN: %expect-exit 0 %native %s -DSQRT
// RUN: %expect-exit 2 %chorus verify %s --quiet -DARRAY | FileCheck %s --check-prefix=ARRAY
// RUN: %expect-exit 134 %native %s -DARRAY
// OK: verdict: verified (assuming floating-point inputs and the values computed from them are finite, not infinity or NaN)
// REAL: verdict: violation ASSERTION at {{.*}}inputs.c:49:3 (process 0)
// DOUBLE: verdict: unknown (unsupported: ASSERTION at {{.*}}inputs.c:54:3 (assertion {{.*}}) depends on the floating-point rounding of symbolic values at {{.*}}inputs.c:54:3, which chorus does not compute (use --float real to treat floating types as reals))
// WRONG: verdict: violation ASSERTION at {{.*}}inputs.c:57:3 (process 0)
// NEAR: verdict: violation ASSERTION at {{.*}}inputs.c:60:3 (process 0)
// INFOP: verdict: unknown (unsupported: an infinity or NaN as an operand of '+' with a symbolic operand at {{.*}}inputs.c:63:16 (not modelled))
// SQRT: verdict: unknown (unsupported: sqrt of a negative number at {{.*}}inputs.c:66:14 (its infinite or NaN result is not modelled with symbolic values; --float real treats floating types as reals))
// ARRAY: verdict: unknown (unsupported: the comparison at {{.*}}inputs.c:74:3 combines an infinity or NaN with symbolic values (not modelled))
#include <assert.h>
#include <math.h>

#ifdef __clang__
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
#else
/* the values the real run is checked with */
float __VERIFIER_nondet_float(void) { return 0.5f; }
double __VERIFIER_nondet_double(void) { return 0.1; }
int __VERIFIER_nondet_int(void) { return 0; }
#endif

int main(void) {
  float x = __VERIFIER_nondet_float();
  double d = __VERIFIER_nondet_double();
  assert(x != 0.1 && x != -0.1 && x != 1e-46);
  assert(x <= 3.4028234663852886e38 && -3.4028234663852886e38 <= x);
  assert(!isnan(d) && !isinf(d) && isfinite(x) && d < INFINITY && -INFINITY < x);
  assert(!(d == NAN) && d != NAN && !isunordered(d, x) && isless(x, INFINITY));
#ifdef DOUBLE
  assert((float)d == d); /* false for 0.1 */
#endif
#ifdef WRONG
  assert(x != 0.5);
#endif
#ifdef NEAR
  assert(x != 0.1f); /* the float nearest to 0.1 is a value of x */
#endif
#ifdef INFOP
  double y = d + INFINITY;
#endif
#ifdef SQRT
  double r = sqrt(d); /* NaN for a negative d */
#endif
#ifdef ARRAY
  /* a NaN written at a symbolic index: not modelled in a symbolic term */
  double a[3] = {1, 2, 3};
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 3)
    a[i] = NAN;
  assert(a[0] == a[0]); /* false for i = 0 */
#endif
  return 0;
}
