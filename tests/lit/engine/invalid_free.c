// free of memory that was not returned by malloc: a stack array, and a
// pointer into the middle of a block.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSTACK | FileCheck %s --check-prefix=STACK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DMIDDLE | FileCheck %s --check-prefix=MIDDLE
// OK: verdict: verified
// STACK: verdict: violation INVALID_FREE at {{.*}}invalid_free.c:18:3 (process 0)
// MIDDLE: verdict: violation INVALID_FREE at {{.*}}invalid_free.c:21:3 (process 0)
#include <stdlib.h>

int main(void) {
  int local[2] = {0, 1};
  int *h = malloc(2 * sizeof(int));
  h[0] = local[0];
  h[1] = local[1];
  int *p = h;
#ifdef STACK
  free(local);
#endif
#ifdef MIDDLE
  free(p + 1);
#endif
  free(p);
  return 0;
}
