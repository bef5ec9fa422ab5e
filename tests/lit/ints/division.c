// Integer division truncates toward zero; INT_MIN / -1 and INT_MIN % -1 are
// undefined (C11 6.5.5p6: the quotient is not representable), reported as
// SIGNED_OVERFLOW at the operator (on x86-64 both trap). Unsigned division
// of converted operands. Cross-checked against gcc and its sanitizer.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DDIV | FileCheck %s --check-prefix=DIV
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DDIV %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBDIV
// DIV: verdict: violation SIGNED_OVERFLOW at {{.*}}division.c:36:13 (process 0)
// DIV: signed overflow in 'a / b' (int): -2147483648 / -1 is not representable
// UBDIV: division.c:36:{{[0-9]+}}: runtime error: division of -2147483648 by -1 cannot be represented
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DREM | FileCheck %s --check-prefix=REM
// RUN: %cc -fsanitize=undefined -fno-sanitize-recover=all -DREM %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBREM
// REM: verdict: violation SIGNED_OVERFLOW at {{.*}}division.c:39:13 (process 0)
// UBREM: division.c:39:{{[0-9]+}}: runtime error: division of -2147483648 by -1 cannot be represented
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DLONG | FileCheck %s --check-prefix=LONG
// LONG: verdict: violation SIGNED_OVERFLOW at {{.*}}division.c:43:14 (process 0)
// LONG: (long)
#include <assert.h>
#include <limits.h>

int main(void) {
  int a = INT_MIN, b = -1;
  assert(7 / 2 == 3 && -7 / 2 == -3 && 7 / -2 == -3);
  assert(7 % 2 == 1 && -7 % 2 == -1 && 7 % -2 == 1);
  assert(a / 1 == INT_MIN);
  assert(a / 2 == -1073741824);
  assert(a % 3 == -2);
  assert(-7 / 2u == 2147483644u); /* -7 becomes 4294967289u */
  assert(-7 % 10u == 9u);
  unsigned u = 4294967295u;
  assert(u / 2 == 2147483647u);
  assert((long)a / b == 2147483648L); /* in long: fine */
#ifdef DIV
  int q = a / b;
#endif
#ifdef REM
  int r = a % b;
#endif
#ifdef LONG
  long m = LONG_MIN, n = -1;
  long q = m / n;
#endif
  return 0;
}
