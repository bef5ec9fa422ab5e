// memcpy's overlap check covers the whole object: a copy whose source or
// destination runs from one row of a 2-D array into the next overlaps the
// other range there (ASan, with -fno-builtin, reports memcpy-param-overlap
// for CROSS and REACH); before, only pointers into one row were compared
// and CROSS was verified. Copies between distinct rows, and between two
// members of a structure, are correct (checked against the real run).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCROSS | FileCheck %s --check-prefix=CROSS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DREACH | FileCheck %s --check-prefix=REACH
// RUN: %expect-exit 1 %chorus verify %s --quiet -DMEMBERS | FileCheck %s --check-prefix=MEMBERS
// OUT: 1 2 1 2 3 4 | 3 3
// CROSS: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}memcpy_overlap_rows.c:30:3 (process 0)
// REACH: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}memcpy_overlap_rows.c:33:3 (process 0)
// MEMBERS: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}memcpy_overlap_rows.c:36:3 (process 0)
#include <stdio.h>
#include <string.h>

struct rec {
  int a[2], b[2];
};

int t[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};

int main(void) {
  struct rec r = {{3, 4}, {5, 6}};
  memcpy(t[1], t[0], sizeof t[0]);
  memcpy(r.b, r.a, sizeof r.a);
#ifdef CROSS
  memcpy(t[1], t[0] + 2, 4 * sizeof(int));
#endif
#ifdef REACH
  memcpy(t[0] + 2, t[0], 4 * sizeof(int));
#endif
#ifdef MEMBERS
  memcpy(&r.b[0], &r.a[1], 2 * sizeof(int));
#endif
  printf("%d %d %d %d %d %d | %d %d\n", t[0][0], t[0][1], t[1][0], t[1][1], t[1][2], t[1][3],
         r.b[0], r.a[0]);
  return 0;
}
