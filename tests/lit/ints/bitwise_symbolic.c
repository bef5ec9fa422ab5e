// Bitwise operators and shifts on symbolic values go through the provers'
// bit-vector theory (exact, as on concrete values). The broken form is
// refuted with a counterexample that the gcc-compiled program confirms.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %cc -DBROKEN -DX=255u -DY=-1 -DS=3 %s -o %t && %expect-exit 134 %t
// RUN: %cc -DX=4294967295u -DY=-2147483647-1 -DS=31 %s -o %t && %expect-exit 0 %t
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}bitwise_symbolic.c:42:3 (process 0)
// BAD: x = {{[0-9]+}}
#include <assert.h>
#ifdef X
unsigned x = X;
int y = Y;
int s = S;
#else
#pragma TASS input
unsigned x;
#pragma TASS input
int y;
#pragma TASS input {s >= 0 && s < 32}
int s;
#endif

int main(void) {
  unsigned lo = x & 0xff;
  assert(lo <= 255);
  assert((x | x) == x);
  assert(((x ^ 0xdeadbeefu) ^ 0xdeadbeefu) == x);
  assert((x & ~x) == 0);
  assert((y >> 31) == 0 || (y >> 31) == -1);
  assert((y >> 31) == (y < 0 ? -1 : 0));
  unsigned z = 1u << s;
  assert(z != 0);
  assert((z & (z - 1)) == 0); /* a power of two */
  assert((y & (int)0x80000000) == (y < 0 ? (int)0x80000000 : 0));
  int a = (y & 0x7fffffff) | (y & (int)0x80000000);
  assert(a == y);
  unsigned char b = (unsigned char)(x >> 24);
  assert(b == x / 16777216);
#ifdef BROKEN
  assert(lo < 255); /* x & 0xff can be 255 */
#endif
  return 0;
}
