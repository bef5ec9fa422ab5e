// verify --lise, one process, an ACSL loop invariant on `while (1)` left by
// break (normalized: model/NormalizeLoop.h): verified for every n, an
// off-by-one in the assertion after the loop refuted, a bounded run agrees.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --lise -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --input n=40 -DOFF=0 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 1 --lise -DOFF=1 --quiet | FileCheck %s --check-prefix=WRONG
// OK: verdict: verified (all input sizes
// BOUNDED: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}normalize_acsl.c:22:3 (process 0)
#include <assert.h>
#pragma TASS input {n >= 0 && n < 100000}
int n;
int main(void) {
  int i = 0, s = 0;
  /*@ loop invariant 0 <= i && i <= n && s == 2 * i; */
  while (1) {
    if (i >= n)
      break;
    s += 2;
    i++;
  }
  assert(s == 2 * n + OFF);
  return 0;
}
