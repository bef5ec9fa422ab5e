// The only pointer to a block is overwritten: the block becomes
// unreachable, a leak reported where it was allocated.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MEMORY_LEAK at {{.*}}leak_overwrite.c:14:9 (process 0)
// BAD: unreachable
#include <stdlib.h>

int main(void) {
  int *p = NULL;
  for (int i = 0; i < 2; i++) {
#ifdef BROKEN
    p = malloc(sizeof(int));
#else
    if (!p)
      p = malloc(sizeof(int));
#endif
    *p = i;
  }
  free(p);
  return 0;
}
