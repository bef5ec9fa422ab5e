// Unsigned wrap and conversions on symbolic values: an input unsigned u,
// u + 1 wraps to 0 exactly at UINT_MAX; a char input converted to unsigned
// char. Where the bounds exclude a wrap the value stays a plain sum (no
// prover call is needed to know it); elsewhere it is corrected modulo 2^32.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %cc -DBROKEN -Du=4294967295u -Dc=0 %s -o %t && %expect-exit 134 %t
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}symbolic_wrap.c:39:3 (process 0)
// BAD: u = 4294967295
#include <assert.h>
#include <limits.h>
#ifndef u
#pragma TASS input
unsigned u;
#pragma TASS input
char c;
#pragma TASS input {n >= 0 && n <= 100}
unsigned n;
#else
unsigned n = 5;
#endif

int main(void) {
  unsigned v = u + 1;
  if (u < UINT_MAX)
    assert(v > u);
  else
    assert(v == 0);
  unsigned w = n + 1; /* no wrap: 0 <= n <= 100 */
  assert(w >= 1 && w <= 101);
  unsigned char uc = c;
  assert(uc <= 255);
  assert((c < 0) == (uc > 127));
  int back = (char)uc;
  assert(back == c);
  assert(u - u == 0);
#ifdef BROKEN
  assert(u + 1 > u);
#endif
  return 0;
}
