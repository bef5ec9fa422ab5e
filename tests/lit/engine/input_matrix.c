// Global two-dimensional arrays whose lengths are an input macro (seed 004's
// matrix: the sum of two N x N input matrices), for every N in 1..3: input
// arrays get rows of length N, a zero-initialized global c[N][N] too. The
// broken form adds the transpose of b, refuted with the assertion's location.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// (--float real for BROKEN: b[j][i] vs b[i][j] differ over the reals; with IEEE
// doubles the rounded sums are not computed for symbolic inputs: unknown)
// RUN: %expect-exit 1 %chorus verify %s --float real --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOVERRUN=0 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVERRUN=1 | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}input_matrix.c:38:5 (process 0)
// BAD: inputs:
// BAD: N = {{[23]}}
// OOB: verdict: violation OUT_OF_BOUNDS at {{.*}}input_matrix.c:38:5 (process 0)
#include <assert.h>
#pragma TASS input {N >= 1 && N <= 3} int
#define N 3
#pragma TASS input
double a[N][N];
#pragma TASS input
double b[N][N];
double c[N][N];
#ifndef OVERRUN
#define OVERRUN 0
#endif

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
#ifdef BROKEN
      c[i][j] = a[i][j] + b[j][i];
#else
      c[i][j] = a[i][j] + b[i][j];
#endif
  for (int i = 0; i < N; i++)
    assert(c[i][N - 1 + OVERRUN] == a[i][N - 1] + b[i][N - 1]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      assert(c[i][j] == a[i][j] + b[i][j]);
  return 0;
}
