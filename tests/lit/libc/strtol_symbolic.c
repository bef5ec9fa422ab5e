// Conversions of strings of input characters: each test on a character
// (white space, sign, digit) forks, so every shape of the string is
// explored and the value is a linear expression of the digits. The broken
// forms assume a non-negative value, a value below 500, and that a
// conversion consumed a character.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DNEG | FileCheck %s --check-prefix=NEG
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBIG | FileCheck %s --check-prefix=BIG
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DEND | FileCheck %s --check-prefix=END
// OK: verdict: verified
// NEG: verdict: violation ASSERTION at {{.*}}strtol_symbolic.c:37:3 (process 0)
// NEG: S = {{[{].*45.*[}]}}
// BIG: verdict: violation ASSERTION at {{.*}}strtol_symbolic.c:40:3 (process 0)
// END: verdict: violation ASSERTION at {{.*}}strtol_symbolic.c:43:3 (process 0)
#include <assert.h>
#include <stdlib.h>

#pragma TASS input
char S[3];

int main(void) {
  char s[4];
  for (int i = 0; i < 3; i++)
    s[i] = S[i];
  s[3] = 0;
  char *end;
  long v = strtol(s, &end, 10);
  assert(-99 <= v && v <= 999);
  assert(s <= end && end <= s + 3);
  if (end == s)
    assert(v == 0);
  int w = atoi(s);
  assert(w == v);
  unsigned long u = strtoul(s, 0, 16);
  assert(u <= 0xfffUL || u >= 18446744073709551615UL - 0xffUL);
#ifdef NEG
  assert(v >= 0);
#endif
#ifdef BIG
  assert(v < 500);
#endif
#ifdef END
  assert(end > s);
#endif
  return 0;
}
