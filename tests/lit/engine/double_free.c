// free twice through an alias.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation DOUBLE_FREE at {{.*}}double_free.c:16:3 (process 0)
#include <stdlib.h>

int main(void) {
  char *a = malloc(4);
  char *b = a;
  a[0] = 'x';
  free(a);
#ifndef BROKEN
  b = NULL;
#endif
  free(b);
  return 0;
}
