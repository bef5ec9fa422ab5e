// gcc's __builtin_ forms of library functions (__builtin_memcpy,
// __builtin_memset, __builtin_strlen, __builtin_strcmp, __builtin_printf,
// __builtin_sqrt, __builtin_abs) are the functions themselves, with their
// checks: __builtin_memcpy past the end of its destination is OUT_OF_BOUNDS.
// A __builtin_ of no modelled function stays `unknown`, naming it.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DOVERFLOW | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DUNMODELLED | FileCheck %s --check-prefix=UNMODELLED
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=NATIVE
// OK: verdict: verified
// OVERFLOW: verdict: violation OUT_OF_BOUNDS at {{.*}}builtin_alias.c:29:3 (process 0)
// UNMODELLED: verdict: unknown (unsupported: library function '__builtin_frexp' is not modelled (called at {{.*}}builtin_alias.c:33:3))
// NATIVE: copied 3 abc
#include <assert.h>

int main(void) {
  int a[4] = {1, 2, 3, 4}, b[4];
  __builtin_memcpy(b, a, sizeof a);
  assert(b[0] == 1 && b[3] == 4);
  __builtin_memset(b, 0, sizeof b);
  assert(b[2] == 0);
  char s[8];
  __builtin_strcpy(s, "abc");
  assert(__builtin_strlen(s) == 3 && __builtin_strcmp(s, "abc") == 0);
  assert(__builtin_abs(-5) == 5 && __builtin_sqrt(4.0) == 2.0);
  __builtin_printf("copied %d %s\n", (int)__builtin_strlen(s), s);
#ifdef OVERFLOW
  char small[2];
  __builtin_memcpy(small, s, 4);
#endif
#ifdef UNMODELLED
  int e;
  __builtin_frexp(8.0, &e);
#endif
  return 0;
}
