// getenv gives NULL or a string of at most 4 symbolic non-NUL characters
// (symbolic length) owned by the C library: using it without the NULL
// check, freeing it, or reading past its terminator are refuted; it is not
// a leak. Converting it with atoi explores every shape of the string.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNOCHECK | FileCheck %s --check-prefix=NOCHECK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DFREE | FileCheck %s --check-prefix=FREE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DPAST | FileCheck %s --check-prefix=PAST
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DVALUE | FileCheck %s --check-prefix=VALUE
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// NOCHECK: verdict: violation NULL_DEREFERENCE at {{.*}}getenv.c:32:12 (process 0)
// FREE: verdict: violation INVALID_FREE at {{.*}}getenv.c:36:5 (process 0)
// PAST: verdict: violation OUT_OF_BOUNDS at {{.*}}getenv.c:40:7 (process 0)
// VALUE: verdict: violation ASSERTION at {{.*}}getenv.c:43:3 (process 0)
#include <assert.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int n = 4;
  const char *s = getenv("CHORUS_TEST_UNSET_VARIABLE");
  if (s) {
    size_t len = strlen(s);
    assert(len <= 4 && s[len] == 0);
    int v = atoi(s);
    if (v > 0 && v < 100)
      n = v;
  }
  assert(1 <= n && n < 100);
#ifdef NOCHECK
  n = (int)strlen(getenv("HOME"));
#endif
#ifdef FREE
  if (s)
    free((void *)s);
#endif
#ifdef PAST
  if (s)
    n = s[5];
#endif
#ifdef VALUE
  assert(n == 4);
#endif
  return 0;
}
