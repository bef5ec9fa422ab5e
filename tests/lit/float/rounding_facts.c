// What every IEEE rounding satisfies, whatever the symbolic value rounded
// (lib/exec/Float.cpp, Machine::roundingFacts): its sign is the exact
// result's, it is within half an ulp of it (relative error 2^-53 for double,
// 2^-24 for float, in the normal range; half the smallest subnormal below),
// it lies on its type's grid, and rounding is monotone and leaves the
// values of its type as they are. Checks that need only these are proved
// with --float ieee (before: unknown); checks that need the exact rounded
// value stay unknown, naming the rounding, and fail for real.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DEXACT | FileCheck %s --check-prefix=EXACT
// RUN: %expect-exit 134 %native %s -DEXACT
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSTRICT | FileCheck %s --check-prefix=STRICT
// RUN: %expect-exit 134 %native %s -DSTRICT
// OK: verdict: verified (assuming floating-point inputs and the values computed from them are finite, not infinity or NaN)
// EXACT: verdict: unknown (unsupported: ASSERTION at {{.*}}rounding_facts.c:62:3 (assertion {{.*}}) depends on the floating-point rounding of symbolic values at {{.*}}rounding_facts.c:62:{{[0-9]+}}, which chorus does not compute (use --float real to treat floating types as reals))
// STRICT: verdict: unknown (unsupported: ASSERTION at {{.*}}rounding_facts.c:65:3 (assertion {{.*}}) depends on the floating-point rounding of symbolic values at {{.*}}rounding_facts.c:39:{{[0-9]+}}, which chorus does not compute (use --float real to treat floating types as reals))
#include <assert.h>

#ifdef __clang__
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
#else
/* the real run with values at the edges: two equal clock readings, the
   smallest subnormal, 1.0 */
static int calls;
double __VERIFIER_nondet_double(void) {
  static const double v[] = {1.5, 1.5, 4.9406564584124654e-324, 1.0};
  return v[calls++ % 4];
}
float __VERIFIER_nondet_float(void) { return 0.1f; }
#endif

int main(void) {
  double t0 = __VERIFIER_nondet_double();
  double t1 = __VERIFIER_nondet_double();
  if (t1 < t0)
    return 0; /* a clock does not go back */
  double elapsed = t1 - t0;
  assert(elapsed >= 0); /* the sign of the exact difference */
  double half = elapsed / 2;
  assert(half <= elapsed); /* on the grid: also for the smallest subnormal */
  double tiny = __VERIFIER_nondet_double();
  if (tiny > 0) {
    double sq = tiny * tiny;
    assert(sq >= 0); /* may underflow to 0, never below */
  }
  double x = __VERIFIER_nondet_double();
  if (x >= 1.0 && x <= 2.0) {
    double y = x * 3.0;
    assert(y >= 3.0 && y <= 6.0); /* monotone, 3.0 and 6.0 are doubles */
    double z = y / 3.0;
    assert(z >= 1.0 - 1e-15 && z <= 2.0 + 1e-15); /* within the error bounds */
  }
  float g = __VERIFIER_nondet_float();
  if (g > 0.0f && g < 1.0f) {
    float g2 = g * g;
    assert(g2 >= 0.0f && g2 <= 1.0f); /* float's own bounds */
  }
#ifdef EXACT
  double tenth = x * 0.1;
  assert(tenth * 3.0 == x * 0.3); /* false for x = 1.0 in a real run */
#endif
#ifdef STRICT
  assert(elapsed > 0); /* false for equal clock readings */
#endif
  return 0;
}
