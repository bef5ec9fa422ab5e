// printf's integer conversions print the argument converted to the type
// the conversion and its length modifier name (C11 7.21.6.1p7-8: %x of -1
// is ffffffff, %hhd of 300 is 44), and %s honours the field width and the
// precision (which also bounds what is read: %.3s of an unterminated
// array). Before, %x/%o/%u of a negative int printed 64-bit values, %hh/%h
// did not truncate and %s ignored width and precision, so snprintf built a
// different string than the real run and a true assertion was refuted.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DONECHAR | FileCheck %s --check-prefix=ONECHAR
// OUT: [ffffffff] [37777777777] [4294967295] [-1]
// OUT-NEXT: [44] [4464] [255] [ffff] [-56]
// OUT-NEXT: [hi] [    x] [y   ]
// OUT-NEXT: [ab    ] [    cd] [ef] [     ijk] [abc]
// OUT-NEXT: [ffffffffffffffff] [18446744073709551615] [-5]
// OUT-NEXT: ab|   42|x  |007|Z 18
// OK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}printf_conversions.c:44:3 (process 0)
// ONECHAR: verdict: violation OUT_OF_BOUNDS at {{.*}}printf_conversions.c:48:3 (process 0)
// ONECHAR-NEXT: string beyond a single character object
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int m1 = -1;
  printf("[%x] [%o] [%u] [%d]\n", m1, m1, m1, m1);
  printf("[%hhd] [%hd] [%hhu] [%hx] [%hhi]\n", 300, 70000, -1, -1, 200);
  printf("[%c%c] [%5c] [%-4c]\n", 'h', 105, 'x', 'y');
  char raw[3] = {'a', 'b', 'c'}; /* no terminating NUL */
  printf("[%-6s] [%6s] [%.2s] [%8.3s] [%.3s]\n", "ab", "cd", "efgh", "ijklm", raw);
  unsigned long big = (unsigned long)-1;
  printf("[%lx] [%lu] [%ld]\n", big, big, -5L);
  char out[64];
  int k = snprintf(out, sizeof out, "%s|%5d|%-3s|%03u|%c", "ab", 42, "x", 7u, 'Z');
  printf("%s %d\n", out, k);
  assert(k == (int)strlen(out));
  assert(strcmp(out, "ab|   42|x  |007|Z") == 0);
  char hex[16];
  snprintf(hex, sizeof hex, "%08x", -2);
  assert(strcmp(hex, "fffffffe") == 0);
#ifdef WRONG
  assert(strcmp(hex, "fffffffffffffffe") == 0);
#endif
#ifdef ONECHAR
  char one = 'a'; /* %s of one char: no NUL (was an internal SIGSEGV) */
  printf("%s\n", &one);
#endif
  return 0;
}
