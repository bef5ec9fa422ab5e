// Shifts as gcc does them (x86-64): the count must be in 0 .. w-1 of the
// promoted left operand (C11 6.5.7p3: SHIFT_OUT_OF_RANGE otherwise), >> of
// a negative value is arithmetic, << shifts the bits (gcc defines signed <<,
// bits shifted out are lost). Cross-checked against gcc (the correct form)
// and gcc's shift-exponent sanitizer (the broken ones; its full shift check
// also flags 1 << 31, which gcc itself defines).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBIG | FileCheck %s --check-prefix=BIG
// RUN: %cc -fsanitize=shift-exponent -fno-sanitize-recover=all -DBIG %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBBIG
// BIG: verdict: violation SHIFT_OUT_OF_RANGE at {{.*}}shifts.c:58:13 (process 0)
// BIG: shift count out of range in 'x << k' (0 .. 31 for int)
// UBBIG: shifts.c:58:{{[0-9]+}}: runtime error: shift exponent 40 is too large
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNEGATIVE | FileCheck %s --check-prefix=NEG
// RUN: %cc -fsanitize=shift-exponent -fno-sanitize-recover=all -DNEGATIVE %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBNEG
// NEG: verdict: violation SHIFT_OUT_OF_RANGE at {{.*}}shifts.c:62:14 (process 0)
// UBNEG: shifts.c:62:{{[0-9]+}}: runtime error: shift exponent -1 is negative
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSYMBOLIC | FileCheck %s --check-prefix=SYM
// SYM: verdict: violation SHIFT_OUT_OF_RANGE at {{.*}}shifts.c:66:9 (process 0)
// SYM: s = 32
#include <assert.h>
#include <limits.h>
#ifdef SYMBOLIC
#pragma TASS input {s >= 0 && s <= 40}
int s;
#endif

int main(void) {
  int x = 1;
  int k = 31;
  assert((x << k) == INT_MIN); /* gcc: the bit moves into the sign */
  assert((3 << 30) == -1073741824);
  assert((-8 >> 1) == -4);
  assert((-7 >> 1) == -4); /* arithmetic: floor */
  assert((-1 >> 31) == -1);
  assert((7 >> 1) == 3);
  assert((1u << 31) == 2147483648u);
  assert((0xffffffffu >> 4) == 0x0fffffffu);
  assert((1UL << 63) == 9223372036854775808UL);
  assert((1L << 40) == 1099511627776L);
  unsigned char c = 0x81;
  assert((c << 1) == 0x102); /* promoted to int: no loss */
  assert((unsigned char)(c << 1) == 2);
  long l = -1;
  assert((l >> 63) == -1);
  assert(((unsigned long)l >> 63) == 1);
  int y = 5;
  y <<= 2;
  assert(y == 20);
  y >>= 3;
  assert(y == 2);
  char ch = -128;
  assert((ch >> 7) == -1);
#ifdef BIG
  x = 3;
  k = 40;
  int z = x << k; /* x << 40: past the width of int */
#endif
#ifdef NEGATIVE
  int m = -1;
  int z = 16 >> m;
#endif
#ifdef SYMBOLIC
  unsigned v = 1;
  v = v << s;
#endif
  return 0;
}
