// C99 variable-length array parameters: `void fill(int n, int m, int
// a[n][m])` called with a VLA `int grid[n][m]` or a malloc'd block through
// `int (*)[4]`. The argument is converted to the prototype's `int (*)[*]`,
// a VLA type of unspecified size; before, chorus rejected the call with
// "this use of a variable-length array type is not supported" (exit 3)
// while gcc compiles and runs it (found by the new-user trial). The bounds
// of the parameter's rows are checked in the callee (-DOVER).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVER | FileCheck %s --check-prefix=OVER
// OUT: 66 11 33
// OK: verdict: verified
// OVER: verdict: violation OUT_OF_BOUNDS at {{.*}}vla_params.c:24:17 (process 0)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static void fill(int n, int m, int a[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i * m + j;
#ifdef OVER
  if (n > 0)
    a[n - 1][m] = 0; /* past the last row */
#endif
}

static int sum(int n, int m, int (*a)[m]) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j];
  return s;
}

static double trace(int n, const double a[static n][n]) {
  double t = 0;
  for (int i = 0; i < n; i++)
    t += a[i][i];
  return t;
}

int main(void) {
  int n = 3, m = 4;
  int grid[n][m];
  fill(n, m, grid);
  int *flat = malloc(sizeof(int[3][4]));
  fill(3, 4, (int(*)[4])flat);
  double d[3][3] = {{10, 0, 0}, {0, 11, 0}, {0, 0, 12}};
  printf("%d %d %g\n", sum(n, m, grid), ((int(*)[4])flat)[2][3], trace(3, d));
  assert(sum(3, 4, (int(*)[4])flat) == 66);
  free(flat);
  return 0;
}
