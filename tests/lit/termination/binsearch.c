// A binary search that stalls: with `lo = mid` instead of `lo = mid + 1`,
// once hi == lo + 1 and a[lo] < x, mid is lo again and nothing changes, so
// the loop runs forever (looking for 9: lo = 3, hi = 4). NONTERMINATION at
// the move that closes the cycle (the native run hangs: exit 124).
// -DFIXED: lo = mid + 1: verified, the native run exits 0.
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s
// RUN: %expect-exit 124 %native --timeout 3 %s
// RUN: %expect-exit 0 %chorus verify %s -DFIXED --quiet | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 0 %native -DFIXED %s
// CHECK: verdict: violation NONTERMINATION at {{.*}}binsearch.c:25:10 (process 0)
// CHECK-NEXT: {{.*}}(a fair cycle: process 0 over lines 19-29)
// FIXED: verdict: verified
#include <assert.h>

static const int a[8] = {1, 3, 5, 7, 9, 11, 13, 15};

static int find(int x) {
  int lo = 0, hi = 7;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] < x)
#ifdef FIXED
      lo = mid + 1;
#else
      lo = mid;
#endif
    else
      hi = mid;
  }
  return lo;
}

int main(void) {
  assert(find(9) == 4);
  return 0;
}
// FIXED-NEXT: every explored execution terminates: the explored state graph has no fair cycle
