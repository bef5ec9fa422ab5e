// Floating to integer conversions (C11 6.3.1.4p1): the value is truncated
// toward zero; a truncated value the integer type cannot represent is
// undefined (gcc's -fsanitize=float-cast-overflow reports it; the real run
// gives INT_MIN), UNDEFINED_BEHAVIOR at the conversion with --float ieee.
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DINT | FileCheck %s --check-prefix=INT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUCHAR | FileCheck %s --check-prefix=UCHAR
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSYM | FileCheck %s --check-prefix=SYM
// OK: verdict: verified
// INT: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}convert.c:36:7 (process 0)
// INT: conversion of a floating value out of the range of int
// UCHAR: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}convert.c:39:21 (process 0)
// SYM: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}convert.c:43:13 (process 0)
#include <assert.h>

#ifdef __clang__
extern int __VERIFIER_nondet_int(void);
#else
int __VERIFIER_nondet_int(void) { return 7; }
#endif

int main(void) {
  double d = 2147483647.9; /* truncated: INT_MAX */
  int i = d;
  assert(i == 2147483647);
  assert((int)-2147483648.9 == -2147483647 - 1);
  assert((unsigned)-0.9 == 0 && (unsigned char)255.5 == 255);
  long long l = 9.2e18;
  assert(l == 9200000000000000000LL);
  int n = __VERIFIER_nondet_int();
  double x = n; /* exact: every int is a double */
  assert(x == n && (int)x == n);
#ifdef INT
  double e = 3e9;
  i = (int)e;
#endif
#ifdef UCHAR
  unsigned char c = 256.0;
#endif
#ifdef SYM
  double y = n;
  short s = y; /* out of range for n = 40000 */
#endif
  return 0;
}
