// Bitwise operators on the two's-complement representation (C11 6.5.10-12,
// 6.5.3.3), signed and unsigned, each width; cross-checked against gcc.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}bitwise.c:37:3 (process 0)
#include <assert.h>
#include <limits.h>

int main(void) {
  int a = 0x0f0f, b = 0x00ff;
  assert((a & b) == 0x000f && (a | b) == 0x0fff && (a ^ b) == 0x0ff0);
  assert(~0 == -1 && ~5 == -6 && ~INT_MIN == INT_MAX);
  assert((-1 & 0xff) == 255);
  assert((-2 | 1) == -1);
  assert((-1 ^ INT_MAX) == INT_MIN);
  unsigned u = ~0u;
  assert(u == UINT_MAX && ~u == 0);
  assert((u & 0x80000000u) == 2147483648u);
  unsigned long ul = ~0UL;
  assert(ul == ULONG_MAX);
  assert((ul ^ 1UL) == ULONG_MAX - 1);
  assert((ul & (1UL << 63)) == 9223372036854775808UL);
  long l = -1;
  assert((l & 0x7fffffffffffffffL) == LONG_MAX);
  unsigned char c = 0xf0;
  assert((unsigned char)~c == 0x0f);
  assert(~c == -241); /* promoted to int first */
  short s = -1;
  assert((s & 0xffff) == 65535);
  assert((-1 & 0xffffffffu) == 4294967295u);
  int x = 12345;
  assert((x ^ x) == 0 && (x & x) == x && (x | 0) == x && (x & -1) == x);
#ifdef BROKEN
  assert((~0u >> 1) == UINT_MAX);
#endif
  return 0;
}
