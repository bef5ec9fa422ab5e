// String functions on concrete and symbolic characters: strlen, strcpy,
// strcat, strcmp, strncmp, strncpy, strchr, memcmp. An input character
// makes strchr and strcmp fork. Overflowing a buffer with strcpy, and a
// string without its terminator, are out of bounds.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DOVERFLOW | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DUNTERM | FileCheck %s --check-prefix=UNTERM
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}strings.c:43:3 (process 0)
// BAD: C = 98
// OVERFLOW: verdict: violation OUT_OF_BOUNDS at {{.*}}strings.c:46:3 (process 0)
// UNTERM: verdict: violation OUT_OF_BOUNDS at {{.*}}strings.c:49:15 (process 0)
#include <assert.h>
#include <string.h>

#pragma TASS input {C >= 'a' && C <= 'c'}
char C;

int main(void) {
  char buf[8];
  strcpy(buf, "ab");
  assert(strlen(buf) == 2);
  strcat(buf, "cd");
  assert(strlen(buf) == 4 && buf[3] == 'd');
  assert(strcmp(buf, "abcd") == 0);
  assert(strcmp(buf, "abce") < 0 && strcmp("b", buf) > 0);
  assert(strncmp(buf, "abzz", 2) == 0 && strncmp(buf, "abzz", 3) != 0);
  assert(strchr(buf, 'c') == &buf[2] && strchr(buf, 'z') == 0);
  assert(strchr(buf, 0) == &buf[4]);
  assert(memcmp(buf, "abcd", 4) == 0 && memcmp(buf, "abce", 4) < 0);
  char k[3];
  k[0] = C;
  k[1] = 'x';
  k[2] = 0;
  char *q = strchr(k, 'b');
  assert(C == 'b' ? q == k : q == 0);
  assert((strcmp(k, "bx") == 0) == (C == 'b'));
  char small[3];
  strncpy(small, "xyz", 3);
  assert(small[2] == 'z');
#ifdef BROKEN
  assert(strcmp(k, "bx") != 0);
#endif
#ifdef OVERFLOW
  strcpy(small, "four");
#endif
#ifdef UNTERM
  return (int)strlen(small);
#endif
  return 0;
}
