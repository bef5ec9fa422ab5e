// A malloc'd block used through a pointer to a variable-length row type,
// the C99 idiom for a dynamic 2-D array: `double (*u)[n] =
// malloc(sizeof(double[m][n]))`. The block is typed at its first access as
// rows of n elements (n as the row type's length variable holds it), m =
// bytes / (n * sizeof(double)) rows. Before: unknown, "access to heap
// memory through a pointer to 'double[*]'" (found by the new-user trial).
// An index past the last row is OUT_OF_BOUNDS (ASan: heap-buffer-overflow).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output -- | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVER | FileCheck %s --check-prefix=OVER
// RUN: %asan-cc -DOVER %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=ASAN
// OUT: 5 30
// OK: verdict: verified
// OVER: verdict: violation OUT_OF_BOUNDS at {{.*}}vla_rows.c:38:11 (process 0)
// ASAN: heap-buffer-overflow
// ASAN: vla_rows.c:38
#include <stdio.h>
#include <stdlib.h>

static double total(int m, int n, double (*u)[n]) {
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s += u[i][j];
  return s;
}

int main(int argc, char **argv) {
  int n = 3 + (argc > 5), m = 4;
  double (*u)[n] = malloc(sizeof(double[m][n]));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = i + j;
  double (*v)[n] = calloc(m, sizeof *v);
  v[1][2] = 1.0;
  printf("%g %g\n", u[3][2], total(m, n, u) + total(m, n, v) - 1.0);
#ifdef OVER
  u[m][0] = 0.0;
#endif
  free(u);
  free(v);
  return 0;
}
