// A library function chorus does not model gives "unknown" naming it; the
// verdict is never "verified" then.
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=UNK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// UNK: verdict: unknown (unsupported: library function 'system' is not modelled (called at {{.*}}unsupported.c:17:
// BAD: verdict: violation ASSERTION at {{.*}}unsupported.c:15:3 (process 0)
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int x = 1;
#ifdef BROKEN
  x = 0;
#endif
  assert(x);
  /* the violation above is found before the unsupported call */
  int status = system("true");
  return status != 0;
}
