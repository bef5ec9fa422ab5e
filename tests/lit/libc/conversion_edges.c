// Edge cases of the conversions real codes rely on, against the real run:
// snprintf's result is the length the whole text would have (truncated to
// size - 1 characters and a NUL; snprintf(NULL, 0, ...) measures), atoi
// stops at the first non-digit ("-" alone is 0), strtol with base 0 reads
// hex and octal prefixes and sets endptr after the digits (or to the
// string when there are none), strtod reads ".5e1", strtoul of "-1" is
// ULONG_MAX. The broken uses: snprintf told a size larger than its buffer
// (OUT_OF_BOUNDS: the text does not fit), sprintf past the buffer
// (OUT_OF_BOUNDS).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSIZE | FileCheck %s --check-prefix=SIZE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSPRINTF | FileCheck %s --check-prefix=SPRINTF
// OUT: 12 [12345-a]
// OUT-NEXT: 6
// OUT-NEXT: 3 []
// OUT-NEXT: 42 0 7 -12
// OUT-NEXT: 31 [z]
// OUT-NEXT: 8 []
// OUT-NEXT: 0 [  -]
// OUT-NEXT: 5 [x]
// OUT-NEXT: 18446744073709551615
// SIZE: verdict: violation OUT_OF_BOUNDS at {{.*}}conversion_edges.c:48:3 (process 0)
// SPRINTF: verdict: violation OUT_OF_BOUNDS at {{.*}}conversion_edges.c:51:3 (process 0)
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char b[8], *end;
  int n = snprintf(b, sizeof b, "%d-%s", 12345, "abcdef");
  printf("%d [%s]\n", n, b);
  n = snprintf(NULL, 0, "%5.2f|", 3.14159);
  printf("%d\n", n);
  n = snprintf(b, 1, "xyz");
  printf("%d [%s]\n", n, b);
  printf("%d %d %d %d\n", atoi(" 42abc"), atoi("-"), atoi("+7"), atoi("  -0012"));
  long l = strtol("0x1fz", &end, 0);
  printf("%ld [%s]\n", l, end);
  l = strtol("010", &end, 0);
  printf("%ld [%s]\n", l, end);
  l = strtol("  -", &end, 10);
  printf("%ld [%s]\n", l, end);
  double d = strtod("  .5e1x", &end);
  printf("%g [%s]\n", d, end);
  printf("%lu\n", strtoul("-1", &end, 10));
#ifdef SIZE
  char small[4];
  snprintf(small, sizeof b, "%s", "abcdef");
#endif
#ifdef SPRINTF
  sprintf(b, "%d", 123456789);
#endif
  return 0;
}
