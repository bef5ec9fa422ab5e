// A block freed on one path only: the other path ends with it allocated.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MEMORY_LEAK at {{.*}}leak_simple.c:13:9 (process 0)
#include <stdlib.h>

#pragma TASS input {E == 0 || E == 1}
int E;

int main(void) {
  double *buf;
  buf = malloc(8 * sizeof(double));
  buf[0] = 1.0;
  if (E) {
#ifndef BROKEN
    free(buf);
#endif
    return 1;
  }
  free(buf);
  return 0;
}
