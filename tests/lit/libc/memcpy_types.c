// memcpy/memmove copy bytes, objects hold values: between elements of one
// type the values are copied, between integers of one width converted
// (their bytes are the value modulo 2^w: a char -56 is an unsigned char
// 200), and any other pair (a float's bytes into an integer, two ints into
// a long) is unknown, naming the call. Before, the values were copied
// across types: memcpy(&k, &d, 8) gave k == 2 for d == 2.0, so a false
// assertion was verified (the real run aborts: k is 0x4000000000000000).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DFLOAT_BITS | FileCheck %s --check-prefix=FLOAT
// RUN: %expect-exit 134 %native -DFLOAT_BITS %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DWIDER | FileCheck %s --check-prefix=WIDER
// OUT: 200 4294967295 7
// OK: verdict: verified
// FLOAT: verdict: unknown (unsupported: memcpy from 'double' elements to 'long' elements (a reinterpretation of bytes) at {{.*}}memcpy_types.c:40:3)
// WIDER: verdict: unknown (unsupported: memmove from 'int' elements to 'long' elements (a reinterpretation of bytes) at {{.*}}memcpy_types.c:45:3)
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct pt {
  int x, y;
};

int main(void) {
  char name[4] = {'a', (char)-56, 'c', 0};
  unsigned char bytes[4];
  memcpy(bytes, name, sizeof bytes);
  int ints[2] = {-1, 7};
  unsigned uns[2];
  memmove(uns, ints, sizeof uns);
  struct pt a = {3, 7}, b;
  memcpy(&b, &a, sizeof b);
  printf("%d %u %d\n", bytes[1], uns[0], b.y);
  assert(bytes[1] == 200 && uns[1] == 7);
#ifdef FLOAT_BITS
  double d = 2.0;
  int64_t k;
  memcpy(&k, &d, sizeof k);
  assert(k == 2); /* false: k is 0x4000000000000000 */
#endif
#ifdef WIDER
  int64_t w;
  memmove(&w, ints, sizeof w);
#endif
  return 0;
}
