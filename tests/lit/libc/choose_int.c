// chorus_choose_int(lo, hi) (chorus.h): every value of [lo, hi] is explored;
// an empty range is an ASSERTION violation at the call.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -DMISS --quiet | FileCheck %s --check-prefix=MISS
// RUN: %expect-exit 1 %chorus verify %s -DEMPTY --quiet | FileCheck %s --check-prefix=EMPTY
// OK: verdict: verified
// MISS: verdict: violation ASSERTION at {{.*}}choose_int.c:20:3 (process 0)
// EMPTY: verdict: violation ASSERTION at {{.*}}choose_int.c:22:7 (process 0)
// EMPTY-NEXT: chorus_choose_int with an empty range
#include <assert.h>
#include <chorus.h>
int main(void) {
  int n = chorus_nondet_int(), x;
  chorus_assume(n >= 0 && n <= 3);
  x = chorus_choose_int(n, n + 2);
  assert(x >= n && x <= n + 2);
#ifdef MISS
  /* x == n + 1 is one of the values explored */
  int y = x;
  assert(y != n + 1);
#elif defined(EMPTY)
  x = chorus_choose_int(n + 1, n);
#endif
  return 0;
}
