// A pointer to a local of a returned function dangles.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation USE_AFTER_FREE at {{.*}}uninit_lifetime.c:22:5 (process 0)
// BAD: local variable of a returned function
#include <assert.h>
static int keep = 7;

int *address(void) {
#ifdef BROKEN
  int local = 7;
  return &local;
#else
  return &keep;
#endif
}

int main(void) {
  int *p = address();
  int v = 0;
  v = *p;
  assert(v == 7);
  return 0;
}
