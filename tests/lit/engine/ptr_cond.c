// `c ? p : q` between pointers with a symbolic condition forks the move
// (one successor per feasible branch) instead of giving up.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNULLP | FileCheck %s --check-prefix=NULLP
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}ptr_cond.c:27:3 (process 0)
// BAD: X = 2
// NULLP: verdict: violation NULL_DEREFERENCE at {{.*}}ptr_cond.c:31:5 (process 0)
// NULLP: X = 3
#include <assert.h>
#include <stddef.h>

#pragma TASS input {X >= 0 && X <= 3}
int X;
int a = 1, b = 2;

int main(void) {
  int *p = X > 1 ? &a : &b;
  int arr[3] = {1, 2, 3};
  int *q = X == 0 ? arr : (X == 1 ? &arr[1] : &arr[2]);
  *p = *p + 10;
  assert(a + b == 13);
  assert(*q == X + 1 || X == 3);
  int v = 0;
#ifdef BROKEN
  assert(*q != 3);
#endif
#ifdef NULLP
  int *r = X < 3 ? q : NULL;
  v = *r;
#endif
  return v;
}
