// Assertion in a loop over a symbolic bound: the sum of 0..N-1 is checked
// against the closed form; the broken form claims a wrong bound.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}assert_loop.c:23:3 (process 0)
// BAD: inputs:
// BAD-NEXT: N = 4
#include <assert.h>

#pragma TASS input {N >= 0 && N <= 4} int
#define N 3

int main(void) {
  int s = 0;
  for (int i = 0; i < N; i++)
    s += i;
#ifndef BROKEN
  assert(2 * s == N * (N - 1));
#endif
  assert(s >= 0);
#ifdef BROKEN
  assert(s < 6);
#endif
  return 0;
}
