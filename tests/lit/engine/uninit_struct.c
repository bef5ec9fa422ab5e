// A struct with one member never set: copying the struct is fine, reading
// the member is not.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}uninit_struct.c:24:5 (process 0)
#include <assert.h>
struct point {
  int x, y;
};

int main(void) {
  struct point p;
  p.x = 3;
#ifndef BROKEN
  p.y = 4;
#endif
  struct point q = p;
  int d;
  d = q.x;
#ifdef BROKEN
  d = 0; /* q.y was never set */
#endif
  d = q.y;
  assert(d == 4);
  return 0;
}
