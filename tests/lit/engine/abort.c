// abort() is a violation (ABORT); exit() ends the process normally.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ABORT at {{.*}}abort.c:19:5 (process 0)
#include <stdlib.h>

#pragma TASS input {V >= 0 && V <= 10}
int V;

int main(void) {
  if (V > 5)
    exit(0);
#ifdef BROKEN
  if (V == 5)
#else
  if (V > 5)
#endif
    abort();
  return 0;
}
