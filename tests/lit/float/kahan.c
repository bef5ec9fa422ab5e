// The printed output of a floating-point program equals the real run's
// (gcc -O0, x86-64) with --float ieee: naive and compensated (Kahan)
// summation of 0.1, in float, double and long double, printed with every
// digit. The same lines are checked against the real run and against chorus.
// RUN: %native %s | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=CHECK,OK
// CHECK: naive double 99.9999999999986 kahan double 100
// CHECK: naive double 99.999999999998593
// CHECK: naive float 99.9990463 kahan float 100
// CHECK: long double 99.9999999999999991 1.00000000000000000001e-01
// CHECK: mixed 0.30000000000000004 0.1 1e+30 -0.33333334
// CHECK: scaled 1.2345678901234567e+300 4.9406564584124654e-324
// OK: verdict: verified
#include <stdio.h>

/* naive and compensated (Kahan) summation of n copies of x in type T */
#define SUMS(T, naive, kahan)                                                  \
  T naive(int n, T x) {                                                        \
    T s = 0;                                                                   \
    for (int i = 0; i < n; i++)                                                \
      s += x;                                                                  \
    return s;                                                                  \
  }                                                                            \
  T kahan(int n, T x) {                                                        \
    T s = 0, c = 0;                                                            \
    for (int i = 0; i < n; i++) {                                              \
      T y = x - c;                                                             \
      T t = s + y;                                                             \
      c = (t - s) - y;                                                         \
      s = t;                                                                   \
    }                                                                          \
    return s;                                                                  \
  }

SUMS(double, naive, kahan)
SUMS(float, naivef, kahanf)

int main(void) {
  printf("naive double %.15g kahan double %.15g\n", naive(1000, 0.1), kahan(1000, 0.1));
  printf("naive double %.17g\n", naive(1000, 0.1));
  printf("naive float %.9g kahan float %.9g\n", naivef(1000, 0.1f), kahanf(1000, 0.1f));
  long double l = 0;
  for (int i = 0; i < 1000; i++)
    l += 0.1L;
  printf("long double %.16Lf %.20Le\n", l, 0.1L);
  float third = -1.0f / 3;
  printf("mixed %.17g %g %g %.8g\n", 0.1 + 0.2, (double)0.1f, 1e30f, third);
  printf("scaled %.17g %.17g\n", 1.2345678901234567e300 * 1.0, 4.9406564584124654e-324);
  return 0;
}
