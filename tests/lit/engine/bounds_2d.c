// Two-dimensional array: the inner index runs over the wrong extent.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_2d.c:19:15 (process 0)
#include <assert.h>

#define ROWS 2
#define COLS 3

int main(void) {
  double m[ROWS][COLS];
  for (int r = 0; r < ROWS; r++)
#ifdef BROKEN
    for (int c = 0; c < ROWS + COLS - 1; c++)
#else
    for (int c = 0; c < COLS; c++)
#endif
      m[r][c] = r * COLS + c;
  assert(m[1][2] == 5.0);
  return 0;
}
