// Unsigned arithmetic is modulo 2^w (C11 6.2.5p9): 0u - 1 is UINT_MAX, and
// the other widths wrap at their own 2^w. Cross-checked against gcc.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}unsigned_wrap.c:34:3 (process 0)
#include <assert.h>
#include <limits.h>

int main(void) {
  unsigned u = 0;
  u = u - 1;
  assert(u == 4294967295u);
  u++;
  assert(u == 0);
  unsigned long ul = 0;
  ul--;
  assert(ul == ULONG_MAX);
  assert(ul + 2 == 1);
  unsigned char c = 250;
  c += 10;
  assert(c == 4);
  unsigned short s = 65535;
  s++;
  assert(s == 0);
  unsigned m = 65536u * 65536u; /* the product wraps to 0 */
  assert(m == 0);
  assert(-1u == UINT_MAX);
  assert(3u - 5u > 1000u);
  unsigned big = 4000000000u;
#ifdef BROKEN
  assert(big + big == 8000000000u); /* mathematical, not C: wraps */
#else
  assert(big + big == 8000000000u - 4294967296u);
#endif
  return 0;
}
