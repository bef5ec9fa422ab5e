// Integer conversions of concrete strings as glibc does them: white space,
// sign, base prefixes (0x, 0 for base 0), endptr, saturation of strtol at
// LONG_MIN/LONG_MAX, strtoul negating as unsigned, atoi as (int)strtol.
// The broken forms expect saturation from atoi (glibc wraps) and read
// *endptr after a conversion that found no digits (endptr is the string).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNODIGITS | FileCheck %s --check-prefix=NODIGITS
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNULLSTR | FileCheck %s --check-prefix=NULLSTR
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native %s -DBROKEN
// RUN: %expect-exit 134 %native %s -DNODIGITS
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}strtol.c:48:3 (process 0)
// NODIGITS: verdict: violation ASSERTION at {{.*}}strtol.c:53:3 (process 0)
// NULLSTR: verdict: violation NULL_DEREFERENCE at {{.*}}strtol.c:57:7 (process 0)
#include <assert.h>
#include <stdlib.h>

int main(void) {
  char *end;
  assert(atoi("  -42xyz") == -42);
  assert(atoi("+17") == 17 && atoi("") == 0 && atoi("x1") == 0);
  assert(atoi("2147483648") == -2147483647 - 1); /* wraps as (int)strtol */
  assert(atoi("99999999999") == 1215752191);
  assert(atol("9223372036854775808") == 9223372036854775807L);
  assert(atoll("-12") == -12LL);
  long v = strtol("0x1fZ", &end, 0);
  assert(v == 31 && *end == 'Z');
  v = strtol("0xZ", &end, 16); /* "0x" without a hex digit: the 0 */
  assert(v == 0 && *end == 'x');
  v = strtol("0777", &end, 0);
  assert(v == 511 && *end == 0);
  v = strtol("0777", &end, 10);
  assert(v == 777);
  v = strtol("-9223372036854775809", &end, 10);
  assert(v == -9223372036854775807L - 1 && *end == 0);
  v = strtol("zZ", &end, 36);
  assert(v == 35 * 36 + 35);
  v = strtol("1011", 0, 2);
  assert(v == 11);
  unsigned long u = strtoul("-1", &end, 10);
  assert(u == 18446744073709551615UL);
  u = strtoul("99999999999999999999", &end, 10);
  assert(u == 18446744073709551615UL && *end == 0);
  assert(strtoull("  42", 0, 0) == 42ULL);
#ifdef BROKEN
  assert(atoi("2147483648") == 2147483647);
#endif
#ifdef NODIGITS
  const char *text = "  - 5";
  v = strtol(text, &end, 10);
  assert(*end == '5');
#endif
#ifdef NULLSTR
  const char *none = 0;
  v = atol(none);
#endif
  return 0;
}
