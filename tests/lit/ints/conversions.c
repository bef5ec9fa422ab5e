// Integer conversions as gcc does them on x86-64 (LP64): to unsigned types
// modulo 2^w, to narrower signed types modulo 2^w too (gcc's
// implementation-defined choice), char signed, long 8 bytes. Explicit and
// implicit conversions alike; cross-checked against gcc.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}conversions.c:48:3 (process 0)
#include <assert.h>
#include <limits.h>

int f(char c) { return c; }

int main(void) {
  assert(sizeof(int) == 4 && sizeof(long) == 8 && sizeof(long long) == 8);
  assert(sizeof(short) == 2 && sizeof(char) == 1);
  char c = 200; /* implicit narrowing: 200 - 256 */
  assert(c == -56);
  assert((char)255 == -1);
  assert((signed char)128 == -128);
  assert((unsigned char)-1 == 255);
  assert((unsigned char)300 == 44);
  assert((short)70000 == 4464);
  assert((unsigned short)-2 == 65534);
  assert((int)4294967295u == -1);
  assert((int)2147483648u == INT_MIN);
  long l = 0x123456789L;
  int i = l; /* implicit: the low 32 bits */
  assert(i == 0x23456789);
  assert((int)-4294967297L == -1);
  assert((unsigned)-1L == UINT_MAX);
  assert((unsigned long)-1 == ULONG_MAX);
  assert((long long)ULLONG_MAX == -1);
  assert(f(300) == 44);
  assert('\xff' == -1);
  char s[2] = {'\x80', 0};
  assert(s[0] == -128);
  /* usual arithmetic conversions: the int becomes unsigned */
  assert(-1 > 0u);
  assert(-7 / 2u == 2147483644u);
  assert((unsigned char)200 + (unsigned char)100 == 300); /* promoted to int */
  int k = -1;
  unsigned long w = k; /* sign-extended, then modulo 2^64 */
  assert(w == ULONG_MAX);
#ifdef BROKEN
  assert((char)128 == 128);
#endif
  return 0;
}
