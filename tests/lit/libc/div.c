// div, ldiv and lldiv: the quotient truncated toward zero and the remainder
// with the sign of the dividend, as the operators / and %; on input values
// too. A zero divisor is DIVISION_BY_ZERO and INT_MIN / -1 SIGNED_OVERFLOW,
// as for the operators (C11 7.22.6.2: the result is not representable).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DZERO | FileCheck %s --check-prefix=ZERO
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DMIN | FileCheck %s --check-prefix=MIN
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 134 %native %s -DBROKEN
// OK: verdict: verified
// ZERO: verdict: violation DIVISION_BY_ZERO at {{.*}}div.c:42:13 (process 0)
// ZERO: B = 0
// MIN: verdict: violation SIGNED_OVERFLOW at {{.*}}div.c:46:13 (process 0)
// BAD: verdict: violation ASSERTION at {{.*}}div.c:51:3 (process 0)
// NATIVE: -2 -1 2 -1 3000000000 1
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#pragma TASS input {A > -1000 && A < 1000}
int A;
#pragma TASS input {B > -10 && B < 10}
int B;

int main(void) {
  div_t d = div(-7, 3);
  assert(d.quot == -2 && d.rem == -1);
  ldiv_t l = ldiv(7L, -3L);
  assert(l.quot == -2 && l.rem == 1);
  lldiv_t ll = lldiv(9000000001LL, 3LL);
  assert(ll.quot == 3000000000LL && ll.rem == 1);
  if (B != 0) {
    div_t e = div(A, B);
    assert(e.quot * B + e.rem == A);
    assert(e.rem == 0 || (e.rem < 0) == (A < 0));
  }
  printf("%d %d %ld %ld %lld %lld\n", d.quot, d.rem, -l.quot, -l.rem, ll.quot, ll.rem);
#ifdef ZERO
  int b = B;
  div_t z = div(A, b);
  (void)z;
#endif
#ifdef MIN
  div_t o = div(INT_MIN, -1);
  (void)o;
#endif
#ifdef BROKEN
  // the remainder of -7 / 2 is -1, not 1 (C truncates toward zero)
  assert(div(-7, 2).rem == 1);
#endif
  return 0;
}
