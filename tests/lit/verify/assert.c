// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}assert.c:14:3 (process 0)
// BAD: trace:
// BAD: x = 7
#include <assert.h>

int twice(int v) { return 2 * v; }

int main(void) {
  int x = twice(3) + 1;
#ifdef BROKEN
  assert(x == 6);
#else
  assert(x == 7);
#endif
  return 0;
}
