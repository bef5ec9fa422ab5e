// malloc'ed memory is uninitialized, calloc'ed memory is zero.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}uninit_heap.c:17:5 (process 0)
#include <stdlib.h>

int main(void) {
#ifdef BROKEN
  int *p = malloc(3 * sizeof(int));
#else
  int *p = calloc(3, sizeof(int));
#endif
  p[0] = 1;
  int s = 0;
  s = p[0];
  s = p[1];
  free(p);
  return s;
}
