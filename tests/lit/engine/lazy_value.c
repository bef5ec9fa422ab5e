// The value of `&&` and `||` is 0 or 1 (C17 6.5.13, 6.5.14), also when the
// right operand has a call or a side effect (lowered to branches): `a &&
// f()` with f() == -3 is 1, so `(a && f()) & 9` is 1, not 9 (csmith seeds
// 133, 150, 162, 244, 263, 303, 320, 351, 371 computed wrong checksums this
// way). Right operands of every kind: wide and narrow, signed and unsigned
// integers, _Bool, double, pointers; with and without calls. The output
// must be the native run's; the broken variant asserts the right operand's
// value and is refuted.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --print-output --quiet > %t.chorus
// RUN: %native %s > %t.native
// RUN: sed '/^verdict: /,$d' %t.chorus | diff - %t.native
// RUN: FileCheck %s --input-file %t.chorus
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// CHECK: and 1 1 1 1 1 1 1 0
// CHECK-NEXT: or 1 1 1 1 1 1 1 1
// CHECK-NEXT: masked 1 1 1 0
// CHECK-NEXT: pure 1 1 1 1
// CHECK-NEXT: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}lazy_value.c:66:3 (process 0)
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

static long lng(long x) { return x; }
static uint64_t u64(uint64_t x) { return x; }
static int8_t s8(int8_t x) { return x; }
static uint16_t u16(uint16_t x) { return x; }
static _Bool b(int x) { return x; }
static double dbl(double x) { return x; }
static int *ptr(int *p) { return p; }

int main(void) {
  uint64_t a = 0x9F5954E3F1571C09ULL;
  int z = 0, k = 5, g = 9;
  int *p = &k;
  int c1 = a && lng(-3);
  int c2 = a && u64(1ULL << 40); /* a nonzero value whose low 32 bits are 0 */
  int c3 = a && s8(-1);
  int c4 = a && u16(65535);
  int c5 = a && b(7);
  int c6 = a && dbl(0.25);
  int c7 = a && ptr(p);
  int c8 = a && ptr(0);
  printf("and %d %d %d %d %d %d %d %d\n", c1, c2, c3, c4, c5, c6, c7, c8);
  int d1 = z || lng(-3);
  int d2 = z || u64(1ULL << 40);
  int d3 = z || s8(-1);
  int d4 = z || u16(65535);
  int d5 = z || b(7);
  int d6 = z || dbl(0.25);
  int d7 = z || ptr(p);
  int d8 = k || ptr(0);
  printf("or %d %d %d %d %d %d %d %d\n", d1, d2, d3, d4, d5, d6, d7, d8);
  /* the value used in arithmetic, and with a side effect instead of a call */
  int e1 = (a && lng(-3)) & g;
  int e2 = (z || s8(-1)) + 0;
  int e3 = (a && (k += 2)) * 1;
  int e4 = (a && (z = 0)) | 0;
  printf("masked %d %d %d %d\n", e1, e2, e3, e4);
  /* the same without calls (not lowered to branches) */
  long w = -3;
  uint64_t big = 1ULL << 40;
  printf("pure %d %d %d %d\n", (a && w) & g, a && big, z || big, (a && p) + 0);
#ifdef BROKEN
  assert(((a && lng(-3)) & g) == 9); /* the right operand's value, masked */
#endif
  return 0;
}
