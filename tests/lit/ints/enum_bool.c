// Enums and _Bool as gcc has them: an enum without negative enumerators is
// compatible with unsigned int (so RED - 1 wraps), one with a negative
// enumerator with int; a conversion to _Bool gives 0 or 1. Cross-checked
// against gcc.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}enum_bool.c:32:3 (process 0)
#include <assert.h>

enum color { RED, GREEN, BLUE };
enum sign { NEG = -1, POS = 1 };

int main(void) {
  enum color c = RED;
  assert(c - 1 > 0); /* unsigned int arithmetic */
  assert(c - 1 == 4294967295u);
  enum sign s = NEG;
  assert(s - 1 < 0);
  assert(sizeof(enum color) == 4 && sizeof(enum sign) == 4);
  _Bool b = 5;
  assert(b == 1);
  b = b + 1;
  assert(b == 1);
  b = 0.5;
  assert(b == 1);
  unsigned char uc = 256 + GREEN;
  assert(uc == 1);
#ifdef BROKEN
  assert(c - 1 < 0);
#endif
  return 0;
}
