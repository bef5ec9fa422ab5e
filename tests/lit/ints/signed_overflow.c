// Signed overflow is undefined (C11 6.5p5): SIGNED_OVERFLOW at the operator,
// for +, -, *, unary -, ++ and -- (and compound assignment). An input int a
// makes `a + 1 > a` fail for a == INT_MAX; with --no-overflow-check the
// integers are mathematical (the seed papers' semantics) and it holds.
// Each broken form is cross-checked with gcc's undefined-behaviour
// sanitizer on the value chorus reports (same line).
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=ADD
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --no-overflow-check | FileCheck %s --check-prefix=MATH
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --input a=2147483646 | FileCheck %s --check-prefix=MATH
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DA=2147483647 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBADD
// ADD: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:56:12 (process 0)
// ADD: signed overflow in 'a + 1' (int)
// ADD: a = 2147483647
// MATH: verdict: verified
// UBADD: signed_overflow.c:56:{{[0-9]+}}: runtime error: signed integer overflow
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSUB | FileCheck %s --check-prefix=SUB
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DSUB -DA=-2147483647-1 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBSUB
// SUB: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:59:13 (process 0)
// SUB: a = -2147483648
// UBSUB: signed_overflow.c:59:{{[0-9]+}}: runtime error: signed integer overflow
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DMUL | FileCheck %s --check-prefix=MUL
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DMUL -DA=65536 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBMUL
// MUL: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:62:13 (process 0)
// MUL: signed overflow in 'a * a' (int)
// UBMUL: signed_overflow.c:62:{{[0-9]+}}: runtime error: signed integer overflow
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNEG | FileCheck %s --check-prefix=NEG
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DNEG -DA=-2147483647-1 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBNEG
// NEG: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:65:11 (process 0)
// NEG: a = -2147483648
// UBNEG: signed_overflow.c:65:{{[0-9]+}}: runtime error: negation of -2147483648
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DINC | FileCheck %s --check-prefix=INC
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DINC -DA=2147483647 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBINC
// INC: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:69:4 (process 0)
// INC: a = 2147483647
// UBINC: signed_overflow.c:69:{{[0-9]+}}: runtime error: signed integer overflow
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DCOMPOUND | FileCheck %s --check-prefix=COMPOUND
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DCOMPOUND -DA=2 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBCOMPOUND
// COMPOUND: verdict: violation SIGNED_OVERFLOW at {{.*}}signed_overflow.c:73:5 (process 0)
// COMPOUND: signed overflow in 'l * 4611686018427387904' (long)
// UBCOMPOUND: signed_overflow.c:73:{{[0-9]+}}: runtime error: signed integer overflow
#include <assert.h>
#ifdef A
int a = A;
#else
#pragma TASS input
int a;
#endif

int main(void) {
#if !defined(SUB) && !defined(MUL) && !defined(NEG) && !defined(INC) && !defined(COMPOUND)
  assert(a + 1 > a); /* gcc folds this to 1: */ int b = a + 1;
#endif
#ifdef SUB
  int d = a - 1;
#endif
#ifdef MUL
  int p = a * a;
#endif
#ifdef NEG
  int n = -a;
#endif
#ifdef INC
  int x = a;
  x++;
#endif
#ifdef COMPOUND
  long l = a;
  l *= 4611686018427387904L;
#endif
  return 0;
}
