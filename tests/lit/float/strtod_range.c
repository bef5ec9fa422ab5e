// strtod/strtof and sscanf's %f/%lf beyond the floating type's range, below
// it, and of "inf"/"nan" (--float ieee), as glibc reads them: "1e400" is
// HUGE_VAL (an infinity; glibc also sets ERANGE, and errno is not modelled),
// "1e-400" is 0, "2.5e-324" the least subnormal (4.94e-324), "2e-324" 0,
// "4e-324" a float 0; scanf reads "inf", "infinity", "nan" (any case,
// signed) but not the "(chars)" strtod takes after "nan", and "infin" is a
// matching failure (the count is 0). The printed lines are the real run's.
// -DBROKEN asserts the overflow is finite: ASSERTION, as the real run (134).
// With --float real a value out of range is `unknown`, naming the call.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 134 %native -DBROKEN %s
// RUN: %expect-exit 1 %chorus verify %s -DBROKEN --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s --float real --quiet | FileCheck %s --check-prefix=REAL
// OUT: strtod inf -inf 0 -0 4.94066e-324 0 1e-310 inf 0 3.40282e+38
// OUT-NEXT: scanf 1 inf 1 -inf 1 inf 1 nan 1 -nan 3 0 1 inf 1 0
// OUT-NEXT: count 0 1 inf 1 inf 0
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}strtod_range.c:53:3 (process 0)
// REAL: verdict: unknown (unsupported: strtod: the value is out of the range of its type at {{.*}}strtod_range.c:27:16)
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double big = strtod("1e400", 0), nbig = strtod("-1e400", 0), tiny = strtod("1e-400", 0);
  double ntiny = strtod("-1e-400", 0), sub = strtod("2.5e-324", 0), half = strtod("2e-324", 0);
  double s310 = strtod("1e-310", 0);
  float fbig = strtof("1e39", 0), fsub = strtof("4e-324", 0), fmax = strtof("3.4028235e38", 0);
  printf("strtod %g %g %g %g %g %g %g %g %g %g\n", big, nbig, tiny, ntiny, sub, half, s310, fbig,
         fsub, fmax);
  double a = 0, b = 0, c = 0, d = 0, e = 0;
  int n = 0;
  int ra = sscanf("inf", "%lf", &a), rb = sscanf("-INFINITY", "%lf", &b);
  int rc = sscanf("1e400", "%lf", &c), rd = sscanf("NaN", "%lf", &d), re = sscanf("-nan", "%lf", &e);
  double p = 7;
  int rn = sscanf("nan(12)", "%lf%n", &p, &n);
  float f = 0, g = 1;
  int rf = sscanf("1e39", "%f", &f), rg = sscanf("1e-46", "%f", &g);
  printf("scanf %d %g %d %g %d %g %d %g %d %g %d %d %d %g %d %g\n", ra, a, rb, b, rc, c, rd, d, re, e,
         n, 0, rf, f, rg, g);
  double x = -7, y = -7, z = -7;
  int rx = sscanf("infin x", "%lf", &x), ry = sscanf("infinity", "%3lf", &y);
  int rz = sscanf("infinity", "%lf", &z), rw = sscanf("in", "%lf", &z);
  printf("count %d %d %g %d %g %d\n", rx, ry, y, rz, z, rw);
  assert(isinf(big) && big > 0 && nbig < 0 && tiny == 0 && signbit(ntiny) && !signbit(tiny));
  assert(sub > 0 && sub == 5e-324 && sub / 2 == 0 && half == 0 && s310 > 0 && s310 < 2.2250738585072014e-308);
  assert(isinf(fbig) && fsub == 0 && fmax == 3.4028235e38f);
  assert(isinf(a) && isinf(b) && b < 0 && isinf(c) && d != d && e != e && signbit(e));
  assert(p != p && n == 3 && isinf(f) && g == 0 && x == -7 && rx == 0);
#ifdef BROKEN
  assert(big < 1e308 * 10);
#endif
  return 0;
}
