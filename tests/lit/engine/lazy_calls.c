// A call in the right operand of `&&`, `||` or `?:` happens only where C
// evaluates it, also for functions glibc declares pure (strlen, atoi): no
// NULL_DEREFERENCE for `s != NULL && strlen(s) > 0`; the broken variant
// calls atoi(NULL) (the real run crashes).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 139 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation NULL_DEREFERENCE at {{.*}}lazy_calls.c:25:19 (process 0)
#include <assert.h>
#include <stdlib.h>
#include <string.h>

const char *name(int k) { return k > 0 ? "12" : NULL; }

int main(void) {
  const char *s = name(0), *t = name(1);
  int ok = s != NULL && strlen(s) > 0;
  int n = s ? atoi(s) : 7;
  int m = s == NULL || strlen(s) == 0 ? atoi(t) : -1;
  assert(!ok && n == 7 && m == 12);
  int r = 0;
#ifdef BROKEN
  r = s == NULL ? atoi(s) : 0;
#endif
  return r;
}
