// The input pragma's condition restricts the inputs: with {X > 0} the
// assertion holds; the broken form admits X = 0.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}assert_pragma_cond.c:20:3 (process 0)
// BAD: X = 0
#include <assert.h>

#ifdef BROKEN
#pragma TASS input {X >= 0 && X < 10}
#else
#pragma TASS input {X > 0 && X < 10}
#endif
int X;

int main(void) {
  int y = X * X;
  assert(y >= X);
  assert(y > 0);
  return 0;
}
