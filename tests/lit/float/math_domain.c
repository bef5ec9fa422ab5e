// Math functions of symbolic arguments (--float ieee): chorus does not
// compute them, it knows only that equal arguments give equal results, and
// that holds for finite values only: log(x) of a negative x is NaN, which
// equals nothing (the real run's log(x) == log(x) is false). So a call whose
// argument may lie where the function is not finite (log, log2, log10 of
// x <= 0; log1p of x <= -1; asin, acos outside [-1, 1]; acosh below 1;
// atanh outside (-1, 1); exp, sinh, cosh, exp2, expm1 above their
// overflow; pow of a negative base or overflowing; fmod by 0; hypot near
// the largest value) makes the verdict `unknown`, naming the function; in
// the domain (the input constrained) the same proofs are `verified`.
// -DNEG runs the real program with X = -1: log(X) is NaN, the assertion
// fails (exit 134).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s -DANY --quiet | FileCheck %s --check-prefix=ANY
// RUN: %expect-exit 2 %chorus verify %s -DACOS --quiet | FileCheck %s --check-prefix=ACOS
// RUN: %expect-exit 2 %chorus verify %s -DEXP --quiet | FileCheck %s --check-prefix=EXP
// RUN: %expect-exit 2 %chorus verify %s -DPOW --quiet | FileCheck %s --check-prefix=POW
// RUN: %expect-exit 1 %chorus verify %s -DBROKEN --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %chorus verify %s -DANY --float real --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 134 %native -DNEG %s
// OK: verdict: verified
// ANY: verdict: unknown (unsupported: log of an argument where it may be an infinity or NaN (finite for x > 0: NaN below 0, -inf at 0) at {{.*}}math_domain.c:45:
// ACOS: verdict: unknown (unsupported: acos of an argument where it may be an infinity or NaN (finite for -1 <= x <= 1: NaN outside) at {{.*}}math_domain.c:57:
// EXP: verdict: unknown (unsupported: exp of an argument where it may be an infinity or NaN (finite for x <= 709: an infinity above (overflow)) at {{.*}}math_domain.c:61:
// POW: verdict: unknown (unsupported: pow of an argument where it may be an infinity or NaN (finite for the arguments where pow is finite (no NaN for a negative base, no infinity by overflow or for 0 to a negative power)) at {{.*}}math_domain.c:65:
// BAD: verdict: violation ASSERTION at {{.*}}math_domain.c:69:3 (process 0)
#include <assert.h>
#include <math.h>

#ifdef NEG
double X = -1.0, Y = 0.5;
#else
#ifdef ANY
#pragma TASS input
double X;
#else
#pragma TASS input {X > 0 && X < 1}
double X;
#endif
#pragma TASS input {Y >= 0 && Y <= 700}
double Y;
#endif

int main(void) {
  double l = log(X);
  assert(l == l);
  assert(log10(X) == log10(X));
  assert(log1p(X) == log1p(X));
  assert(asin(X) == asin(X) && atanh(X) == atanh(X));
  assert(exp(Y) == exp(Y) && cosh(Y) == cosh(Y));
  assert(pow(X, 2.0) == pow(X, 2.0));
  assert(pow(2.0, Y) == pow(2.0, Y));
  assert(sin(X) == sin(X) && atan(Y) == atan(Y));
  assert(fmod(Y, X) == fmod(Y, X));
  assert(acosh(Y + 1.0) == acosh(Y + 1.0));
#ifdef ACOS
  assert(acos(Y) == acos(Y));
#endif
#ifdef EXP
  double big = Y * 2.0;
  assert(exp(big) == exp(big));
#endif
#ifdef POW
  double neg = -X;
  assert(pow(neg, 0.5) == pow(neg, 0.5));
#endif
#ifdef BROKEN
  /* log is increasing: log(X) < 0 for 0 < X < 1 — but the claim is wrong */
  assert(log(X) != log(X) || X > 2);
#endif
  return 0;
}
