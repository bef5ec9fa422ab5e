// chorus_assume restricts the paths: the assertion holds only under it.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}assume.c:19:3 (process 0)
// BAD: X = 7
#include <assert.h>
#include <chorus.h>

#pragma TASS input {X >= 0 && X <= 7}
int X;

int main(void) {
#ifdef BROKEN
  chorus_assume(X != 3);
#else
  chorus_assume(X < 7);
#endif
  assert(X * 2 < 14);
  return 0;
}
