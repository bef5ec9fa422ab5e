// An integer object accessed through a pointer to the other-signed type of
// its size (C11 6.5p7 allows it; gcc: the same bytes): a store through
// `int32_t *` into a `uint32_t` converts the value modulo 2^32, a read
// converts back; `char *` over `unsigned char` reads 200 as -56. Found by
// csmith (seed 605 with --no-argc --max-funcs 6 --max-block-depth 4
// --max-expr-complexity 8: chorus verified the program and printed another
// checksum than the gcc run), reduced. Before, the stored -3 stayed -3 in
// the uint32_t (so `g > 100` was false and `(uint64_t)g` was 2^64 - 3) and
// c[0] was 200.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native %s -DWRONG
// OUT: 4294967293 4294967293 1 1 -56 255 -3
// OK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}signedness_alias.c:38:3 (process 0)
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

static uint32_t g = 5;
static unsigned char bytes[2] = {200, 7};

static void set(int32_t *p, int32_t v) {
  *p = v;
  *p |= 1;
}

int main(void) {
  set((int32_t *)&g, -4);
  uint64_t wide = g;
  char *c = (char *)bytes;
  int neg = c[0] < 0;
  c[1] = -1;
  int32_t *back = (int32_t *)&g;
  printf("%u %lu %d %d %d %d %d\n", g, wide, g > 100, neg, c[0], bytes[1], *back);
#ifdef WRONG
  assert(g < 100 || bytes[1] != 255);
#endif
  return 0;
}
