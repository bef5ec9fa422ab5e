// A local variable assigned on one branch only.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}uninit_scalar.c:20:5 (process 0)
// BAD: F = 0
#include <assert.h>
#pragma TASS input {F == 0 || F == 1}
int F;

int main(void) {
  int r;
  if (F)
    r = 1;
#ifndef BROKEN
  else
    r = 0;
#endif
  int s;
  s = r + 1;
  assert(s == F + 1);
  return 0;
}
