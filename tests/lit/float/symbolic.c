// Symbolic floating values with --float ieee: an input ranges over the
// finite values; an operation on it is rounded by an uninterpreted function
// of the exact result, so no proof relies on real arithmetic and a violation
// that depends on the rounding is `unknown`, naming the operation. Exact
// steps stay exact: an int converted to double, a float widened, a
// comparison. With --float real (the seeds' reals) the program is verified.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DPLUS | FileCheck %s --check-prefix=PLUS
// RUN: %expect-exit 0 %chorus verify %s --quiet -DPLUS --float real | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DMEAN | FileCheck %s --check-prefix=MEAN
// RUN: %expect-exit 0 %chorus verify %s --quiet -DMEAN --float real | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native %s -DPLUS
// RUN: %expect-exit 134 %native %s -DMEAN -DADJACENT
// OK: verdict: verified
// PLUS: verdict: unknown (unsupported: ASSERTION at {{.*}}symbolic.c:50:3 (assertion {{.*}}) depends on the floating-point rounding of symbolic values at {{.*}}symbolic.c:49:17, which chorus does not compute (use --float real to treat floating types as reals))
// MEAN: verdict: unknown (unsupported: ASSERTION at {{.*}}symbolic.c:55:5 (assertion {{.*}}) depends on the floating-point rounding of symbolic values at {{.*}}symbolic.c:54:{{[0-9]+}}, which chorus does not compute (use --float real to treat floating types as reals))
// WRONG: verdict: violation ASSERTION at {{.*}}symbolic.c:59:3 (process 0)
#include <assert.h>

#ifdef __clang__
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
#else
/* the values the real run is checked with: x + 1 == x for x = 2^53 */
#ifdef ADJACENT
static int calls;
double __VERIFIER_nondet_double(void) { return calls++ ? 1.0000000000000002 : 1.0; }
#else
double __VERIFIER_nondet_double(void) { return 9007199254740992.0; }
#endif
int __VERIFIER_nondet_int(void) { return 3; }
#endif

int main(void) {
  double x = __VERIFIER_nondet_double();
  double y = __VERIFIER_nondet_double();
  int n = __VERIFIER_nondet_int();
  double d = n;  /* exact */
  float f = 0.5f;
  double w = f;  /* exact */
  assert(d == n && w == 0.5);
  if (x < y)
    assert(!(y <= x)); /* comparisons are exact */
  double z = -x; /* negation is exact */
  assert(-z == x);
  assert(x == x);
#ifdef PLUS
  double x1 = x + 1.0;
  assert(x1 > x); /* false for x = 2^53 */
#endif
#ifdef MEAN
  if (x < y) {
    double m = (x + y) / 2;
    assert(x < m && m < y); /* false for adjacent doubles */
  }
#endif
#ifdef WRONG
  assert(d != 3.0); /* no rounding involved: a definite violation */
#endif
  return 0;
}
