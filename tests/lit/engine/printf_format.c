// printf's format checked against its arguments (PRINTF_FORMAT): missing
// and extra arguments, an argument of the wrong class or size, an unknown
// conversion; sprintf into a buffer that is too small.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DFEW | FileCheck %s --check-prefix=FEW
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DMANY | FileCheck %s --check-prefix=MANY
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DTYPE | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DLONG | FileCheck %s --check-prefix=LONG
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSTR | FileCheck %s --check-prefix=STR
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DCONV | FileCheck %s --check-prefix=CONV
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSPRINTF | FileCheck %s --check-prefix=SPRINTF
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSHOW | FileCheck %s --check-prefix=SHOW
// OK: verdict: verified
// FEW: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:46:3 (process 0)
// FEW: printf: too few arguments for the format (conversion '%d' has none)
// MANY: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:49:3 (process 0)
// MANY: more arguments than conversions
// TYPE: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:52:3 (process 0)
// TYPE: argument 1 ('d', of type double) does not match '%d', which needs an integer
// LONG: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:55:3 (process 0)
// LONG: which needs an int (use the l modifier)
// STR: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:58:3 (process 0)
// CONV: verdict: violation PRINTF_FORMAT at {{.*}}printf_format.c:61:3 (process 0)
// CONV: unknown conversion '%y'
// SPRINTF: verdict: violation OUT_OF_BOUNDS at {{.*}}printf_format.c:65:3 (process 0)
// SHOW: output: N  0.50 abc z 5 3|42  |ff %
// SHOW: output:    7|1.25
// SHOW: sprintf: "x=12,abc"
#include <assert.h>
#include <stdio.h>

#pragma TASS input {N >= 0 && N < 3}
int N;

int main(void) {
  long big = 5;
  double d = 0.5;
  char name[4] = "abc";
  char buf[16];
  printf("%d %5.2f %s %c %ld %u|%-4d|%x %%\n", N, d, name, 'z', big, 3u, 42, 255);
  printf("%*d|%.*f\n", 4, 7, 2, 1.25);
  int n = sprintf(buf, "x=%d,%s", 12, name);
  assert(n == 8 && buf[8] == 0);
  printf("%s %p\n", buf, (void *)buf);
#ifdef FEW
  printf("%d %d\n", N);
#endif
#ifdef MANY
  printf("%d\n", N, N);
#endif
#ifdef TYPE
  printf("%d\n", d);
#endif
#ifdef LONG
  printf("%d\n", big);
#endif
#ifdef STR
  printf("%s\n", N);
#endif
#ifdef CONV
  printf("%y\n", N);
#endif
#ifdef SPRINTF
  char small[4];
  sprintf(small, "%d", 12345);
#endif
#ifdef SHOW
  assert(n != 8);
#endif
  return 0;
}
