// `#pragma TASS input` over a declaration of several variables makes every
// one of them an input; the condition (lowered at the last declarator) may
// name all of them. Before, only A became an input: B stayed 0, the
// condition `B > 0` was false and every program was vacuously verified.
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOK | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet --input A=4 --input B=4 --input C=1 | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 0 %chorus verify %s --quiet --input A=4 --input B=3 --input C=0 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOK -DOUTC | FileCheck %s --check-prefix=OUTC
// BAD: verdict: violation ASSERTION at {{.*}}input_group.c:26:3 (process 0)
// BAD: inputs:
// BAD-NEXT: A = 4
// BAD-NEXT: B = 4
// FIXED: verdict: violation ASSERTION at {{.*}}input_group.c:26:3 (process 0)
// OK: verdict: verified
// OUTC: verdict: violation ASSERTION at {{.*}}input_group.c:30:3 (process 0)
// OUTC: C = 1
#include <assert.h>

#pragma TASS input {A > 0 && A < 5 && B > 0 && B < 5 && (C == 0 || C == 1)}
int A, B, C;

int main(void) {
  assert(A > 0 && B > 0);
#ifndef OK
  assert(A + B < 8);
#endif
  assert(C <= 1);
#ifdef OUTC
  assert(C == 0);
#endif
  return 0;
}
