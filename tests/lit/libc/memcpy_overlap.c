// memcpy's objects must not overlap (C11 7.24.2.1p2); memmove's may. A
// shift by memmove and a copy between the halves of one array are correct
// (checked against the real run); memcpy over overlapping parts of one
// array is UNDEFINED_BEHAVIOR at the call, also when the offset is an
// input (argc: overlapping for some counts of arguments).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -- x | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s -- x | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVERLAP -- x | FileCheck %s --check-prefix=OVERLAP
// RUN: %expect-exit 1 %chorus verify %s --quiet -DINPUT | FileCheck %s --check-prefix=INPUT
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -DINPUT -- x y z | FileCheck %s --check-prefix=OUT
// OUT: 0 0 1 2 0 0 1 2
// OVERLAP: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}memcpy_overlap.c:23:3 (process 0)
// INPUT: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}memcpy_overlap.c:28:3 (process 0)
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7}, b[4];
  memmove(a + 1, a, 4 * sizeof(int));
  memcpy(a + 4, a, 4 * sizeof(int));
  memcpy(b, a, sizeof b);
#ifdef OVERLAP
  memcpy(a + 1, a, 4 * sizeof(int));
#endif
#ifdef INPUT
  if (argc > 4)
    return 1;
  memcpy(a + argc, a, 2 * sizeof(int)); // argc 2 to 4: disjoint
#endif
  for (int i = 0; i < 8; ++i)
    printf(i ? " %d" : "%d", a[i]);
  printf("\n");
  return 0;
}
