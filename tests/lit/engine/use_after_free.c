// Reading a block after it was freed.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation USE_AFTER_FREE at {{.*}}use_after_free.c:15:5 (process 0)
#include <stdlib.h>

int main(void) {
  int *p = malloc(sizeof(int));
  *p = 41;
  int v = 0;
#ifdef BROKEN
  free(p);
#endif
  v = *p + 1;
#ifdef BROKEN
  v = *p;
#else
  free(p);
#endif
  return v != 42;
}
