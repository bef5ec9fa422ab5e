// sscanf over concrete strings as glibc reads them: integers of every
// length modifier and base, floating numbers rounded to float/double, %s
// with a width, %c, scan sets, %n, assignment suppression, literal
// characters and white space, the count of assignments and EOF at the end
// of the input. The broken variants: an unbounded %s overflowing its buffer
// (OUT_OF_BOUNDS), %d with a long* (PRINTF_FORMAT, even where the input
// does not reach the conversion), a number its int cannot hold
// (UNDEFINED_BEHAVIOR, C11 7.21.6.2p10), a wrong expected count (ASSERTION);
// a string of input characters is `unknown`, naming the call.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --print-output | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DOVERFLOW | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DFORMAT | FileCheck %s --check-prefix=FORMAT
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DRANGE | FileCheck %s --check-prefix=RANGE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DSYMBOLIC | FileCheck %s --check-prefix=SYMBOLIC
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 134 %native %s -DBROKEN
// OK: verdict: verified
// OVERFLOW: verdict: violation OUT_OF_BOUNDS at {{.*}}sscanf.c:70:3 (process 0)
// FORMAT: verdict: violation PRINTF_FORMAT at {{.*}}sscanf.c:74:3 (process 0)
// FORMAT-NEXT: sscanf: argument 2 ('&big', of type long*) does not match '%d', which needs a pointer to an integer of 4 bytes
// RANGE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}sscanf.c:77:3 (process 0)
// BAD: verdict: violation ASSERTION at {{.*}}sscanf.c:81:3 (process 0)
// SYMBOLIC: verdict: unknown (unsupported: sscanf of a string with symbolic characters at {{.*}}sscanf.c:85:3)
// NATIVE: grid 128 x 64, tol 1e-06, dt 0.025, name heat2d
// NATIVE-NEXT: 3 -1 0 1 | 255 8 -12 | 42 x 7
#include <assert.h>
#include <stdio.h>
#include <string.h>

#pragma TASS input {L >= 'a' && L <= 'z'}
char L;

int main(void) {
  const char *line = "  nx=128 ny=64\ttol=1e-6 dt=0.025 name=heat2d # comment";
  int nx = 0, ny = 0, pos = 0;
  double tol = 0, dt = 0;
  char name[16];
  int k = sscanf(line, " nx=%d ny=%d tol=%lf dt=%lf name=%15s%n", &nx, &ny, &tol, &dt, name, &pos);
  assert(k == 5 && nx == 128 && ny == 64 && strcmp(name, "heat2d") == 0);
  assert(tol == 1e-6 && dt == 0.025 && line[pos] == ' ');
  printf("grid %d x %d, tol %g, dt %g, name %s\n", nx, ny, tol, dt, name);
  // the count: a matching failure stops (3), the end of input before the
  // first assignment is EOF, a non-number is 0
  int a = 0, b = 0, c = 0;
  int r1 = sscanf("1 2 3 x", "%d %d %d %d", &a, &b, &c, &k);
  int r2 = sscanf("   ", "%d", &a);
  int r3 = sscanf("abc", "%d", &a);
  int r4 = sscanf("5 6", "%*d %d %d", &a, &b);
  assert(r1 == 3 && c == 3 && r2 == EOF && r3 == 0 && r4 == 1 && a == 6);
  unsigned hex = 0, oct = 0;
  short sh = 0;
  int r5 = sscanf("ff 010 -12", "%x %o %hd", &hex, &oct, &sh);
  assert(r5 == 3 && hex == 255 && oct == 8 && sh == -12);
  int i1 = 0, i2 = 0, i3 = 0;
  assert(sscanf("0x10 010 10", "%i %i %i", &i1, &i2, &i3) == 3 && i1 == 16 && i2 == 8 && i3 == 10);
  char key[8], ch = 0;
  int val = 0;
  assert(sscanf("answer:42;x", "%7[^:]:%d;%c", key, &val, &ch) == 3);
  assert(strcmp(key, "answer") == 0 && val == 42 && ch == 'x');
  float f = 0;
  assert(sscanf("0.1", "%f", &f) == 1 && f == 0.1f && f != 0.1);
  int two = 0;
  assert(sscanf("12345", "%2d", &two) == 1 && two == 12);
  printf("%d %d %d %d | %u %u %d | %d %c %d\n", r1, r2, r3, r4, hex, oct, sh, val, ch, i3 - 3);
#ifdef OVERFLOW
  // the word is 11 characters; name holds 15, small 4
  char small[4];
  sscanf("temperature", "%s", small);
#endif
#ifdef FORMAT
  long big = 0;
  sscanf("", "%d %d", &a, &big);
#endif
#ifdef RANGE
  sscanf("99999999999", "%d", &a);
#endif
#ifdef BROKEN
  // "1 2 x" matches two numbers, not three
  assert(sscanf("1 2 x", "%d %d %d", &a, &b, &c) == 3);
#endif
#ifdef SYMBOLIC
  char in[3] = {L, '1', 0};
  sscanf(in, "%d", &a);
#endif
  return 0;
}
