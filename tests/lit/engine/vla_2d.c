// Two-dimensional variable-length arrays: every level's length is fixed when
// the declaration is reached (C11 6.7.6.2p5), so a[i] of `double a[n][m]` has
// m elements and sizeof gives n*m elements. The broken form writes one past
// the end of a row (a[i][m]), which stays inside the whole object but is out
// of bounds of the row (C11 6.5.6p8): gcc runs it, chorus refutes it.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}vla_2d.c:27:5 (process 0)
#pragma TASS input {N >= 1 && N <= 3} int
#define N 3

int main(void) {
  int n = N, m = N + 1;
  double a[n][m];
  if (sizeof a != n * m * sizeof(double) || sizeof a[0] != m * sizeof(double))
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i * m + j;
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j];
#ifdef BROKEN
  s += a[0][m];
#endif
  return s == (n * m) * (n * m - 1) / 2 ? 0 : 2;
}
