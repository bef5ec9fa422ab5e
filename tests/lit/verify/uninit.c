// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}uninit.c:16:3 (process 0)
#include <assert.h>
struct point { int x; double y; };

int main(void) {
  struct point p;
  int sum;
  p.x = 1;
#ifndef BROKEN
  p.y = 2.0;
#endif
  sum = p.x;
  if (p.y > 1.0)
    sum = sum + 1;
  assert(sum == 2);
  return 0;
}
