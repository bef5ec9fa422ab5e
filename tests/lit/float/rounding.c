// Concrete IEEE arithmetic (lib/exec/Float.cpp): every assertion below holds
// in the real run (gcc -O0, x86-64: float binary32, double binary64, long
// double x87 extended) and chorus verifies the program; each -D variant
// asserts what holds over the reals only and is refuted at its location
// (and verified with --float real, without the IEEE facts: -DREALS).
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 134 %native %s -DSUM
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSUM | FileCheck %s --check-prefix=SUM
// RUN: %expect-exit 0 %chorus verify %s --quiet -DSUM -DREALS --float real | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 134 %native %s -DFLOAT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DFLOAT | FileCheck %s --check-prefix=FLOAT
// RUN: %expect-exit 0 %chorus verify %s --quiet -DFLOAT -DREALS --float real | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 134 %native %s -DINT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DINT | FileCheck %s --check-prefix=INT
// RUN: %expect-exit 0 %chorus verify %s --quiet -DINT -DREALS --float real | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 134 %native %s -DINCR
// RUN: %expect-exit 1 %chorus verify %s --quiet -DINCR | FileCheck %s --check-prefix=INCR
// RUN: %expect-exit 0 %chorus verify %s --quiet -DINCR -DREALS --float real | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// SUM: verdict: violation ASSERTION at {{.*}}rounding.c:79:3 (process 0)
// FLOAT: verdict: violation ASSERTION at {{.*}}rounding.c:82:3 (process 0)
// INT: verdict: violation ASSERTION at {{.*}}rounding.c:85:3 (process 0)
// INCR: verdict: violation ASSERTION at {{.*}}rounding.c:88:3 (process 0)
#include <assert.h>

float half(float x) { return x / 2; }
float narrow(double d) { return d; } /* the return converts to float */

int main(void) {
  double a = 0.1, b = 0.2;
  float f = 0.1f;
  int big = 16777217;
  float fb = big;
  float c = 16777216.0f;
  c++;
#ifndef REALS
  /* the sum of the doubles nearest 0.1 and 0.2 is rounded up */
  assert(a + b != 0.3);
  assert(a + b == 0.30000000000000004);
  assert(a + b > 0.3);
  /* float and double constants are different numbers */
  assert(f != 0.1);
  assert(f == 0.100000001490116119384765625);
  assert((float)0.1 == f);
  float g = 0.1; /* an implicit narrowing rounds */
  assert(g == f);
  assert(narrow(0.1) == f && half(f) == 0.05f);
  /* long double has 64 significant bits */
  long double l = 0.1L;
  assert(l != 0.1 && l != f);
  assert(1.0L + 1e-18L > 1.0L && 1.0 + 1e-18 == 1.0);
  /* int to float rounds above 2^24, to double not below 2^53 */
  double db = big;
  assert(fb == 16777216.0f && db == 16777217.0);
  long long huge = 9007199254740993LL; /* 2^53 + 1 */
  double dh = huge;
  assert(dh == 9007199254740992.0);
  /* float arithmetic is rounded to float */
  float s = 0;
  for (int i = 0; i < 10; i++)
    s += 0.1f;
  assert(s != 1.0f && s > 1.0f);
  float h = 0;
  h += 0.1; /* computed in double, stored as float */
  assert(h == f);
  assert(c == 16777216.0f);
  /* conversions to integers truncate toward zero */
  assert((int)2.9 == 2 && (int)-2.9 == -2 && (unsigned char)255.9 == 255);
  /* subnormals, and a tie rounded to even (zero) */
  double tiny = 4.9406564584124654e-324;
  assert(tiny > 0 && tiny / 2 == 0 && tiny * 1.5 == 2 * tiny);
  /* division: the quotient rounded */
  double third = 1.0 / 3;
  assert(third * 3 == 1.0 && third == 0.3333333333333333);
  assert(2.0 / 3 == 0.66666666666666663);
#endif
#ifdef SUM
  assert(a + b == 0.3); /* true over the reals */
#endif
#ifdef FLOAT
  assert(f == 0.1);
#endif
#ifdef INT
  assert(fb == (double)big);
#endif
#ifdef INCR
  assert(c > 16777216.0f);
#endif
  return 0;
}
