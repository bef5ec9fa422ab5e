// strtod/strtof/atof: the value of the decimal string (exact with --float
// real, rounded to the type with --float ieee), endptr after the last character
// converted (an 'e' without digits is not part of the number). Input digits
// give a linear expression. "inf" and "nan" have no value over the reals
// (--float real): `unknown`, naming them (with IEEE they are values:
// float/strtod.c).
// (--float real: the symbolic digits give a linear real, read before every
// assertion; with IEEE doubles its rounding is not computed: unknown)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DSYM | FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 2 %chorus verify %s --float real -n 1 --quiet -DINF | FileCheck %s --check-prefix=INF
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native %s -DBROKEN
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}strtod.c:48:3 (process 0)
// SYM: verdict: violation ASSERTION at {{.*}}strtod.c:51:3 (process 0)
// SYM: D = {{[{]}}49, 46, 53}
// INF: verdict: unknown (unsupported: strtod of "inf" (--float real: floating types are reals, without infinities and NaN) at {{.*}}strtod.c:54:7)
#include <assert.h>
#include <stdlib.h>

#pragma TASS input {D[0] >= '0' && D[0] <= '9' && (D[1] == '.' || (D[1] >= '0' && D[1] <= '9')) && D[2] >= '0' && D[2] <= '9'}
char D[3];

int main(void) {
  char *end;
  double d = strtod("  -1.5e2x", &end);
  assert(d == -150.0 && *end == 'x');
  assert(atof("3.25") == 3.25 && atof("abc") == 0.0);
  d = strtod("1e", &end);
  assert(d == 1.0 && *end == 'e');
  d = strtod(".5", &end);
  assert(d == 0.5 && *end == 0);
  d = strtod("2.5E-1", &end);
  assert(d == 0.25);
  assert(strtof("0.75", 0) == 0.75f);
  char s[4];
  s[0] = D[0];
  s[1] = D[1];
  s[2] = D[2];
  s[3] = 0;
  double x = atof(s);
  assert(0.0 <= x && x <= 999.0);
  if (s[1] == '.')
    assert(x <= 9.9 && x * 10 == (s[0] - '0') * 10 + (s[2] - '0'));
#ifdef BROKEN
  assert(atof("1e-1") == 0.01);
#endif
#ifdef SYM
  assert(x != 1.5);
#endif
#ifdef INF
  d = strtod("-inf", 0);
#endif
  return 0;
}
