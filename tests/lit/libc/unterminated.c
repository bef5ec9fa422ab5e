// A char array with no NUL inside it given where a string is read: the
// real call reads past the end of the object. Every model that reads a
// string reports it at the call: OUT_OF_BOUNDS when the characters are all
// set (printf's %s, puts, fputs, snprintf's %s, strlen, strcpy, strcat), or
// UNINITIALIZED_READ at the first character never set, before the end.
// printf's precision bounds what it reads: "%.4s" of the 4 characters is
// correct, as the real run shows.
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=1 | FileCheck %s --check-prefix=PRINTF
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=1 -DUNINIT | FileCheck %s --check-prefix=PRINTF-UNINIT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=2 | FileCheck %s --check-prefix=PUTS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=3 | FileCheck %s --check-prefix=FPUTS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=3 -DUNINIT | FileCheck %s --check-prefix=FPUTS-UNINIT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=4 | FileCheck %s --check-prefix=SNPRINTF
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=5 | FileCheck %s --check-prefix=STRLEN
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=5 -DUNINIT | FileCheck %s --check-prefix=STRLEN-UNINIT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=6 | FileCheck %s --check-prefix=STRCPY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCALL=7 | FileCheck %s --check-prefix=STRCAT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNINIT | FileCheck %s --check-prefix=PRECISION-UNINIT
// OK: abcd
// PRINTF: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:45:3 (process 0)
// PRINTF-UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}unterminated.c:45:3 (process 0)
// PUTS: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:47:3 (process 0)
// FPUTS: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:49:3 (process 0)
// FPUTS-UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}unterminated.c:49:3 (process 0)
// SNPRINTF: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:51:3 (process 0)
// STRLEN: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:53:15 (process 0)
// STRLEN-UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}unterminated.c:53:15 (process 0)
// STRCPY: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:55:3 (process 0)
// STRCAT: verdict: violation OUT_OF_BOUNDS at {{.*}}unterminated.c:57:3 (process 0)
// PRECISION-UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}unterminated.c:59:3 (process 0)
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[4], dst[16] = "x";
#ifdef UNINIT
  buf[0] = 'a';
  buf[1] = 'b';
#else
  memcpy(buf, "abcd", 4);
#endif
#if CALL == 1
  printf("%s\n", buf);
#elif CALL == 2
  puts(buf);
#elif CALL == 3
  fputs(buf, stdout);
#elif CALL == 4
  snprintf(dst, sizeof dst, "[%s]", buf);
#elif CALL == 5
  return (int)strlen(buf);
#elif CALL == 6
  strcpy(dst, buf);
#elif CALL == 7
  strcat(dst, buf);
#else
  printf("%.4s\n", buf);
#endif
  return dst[0] == 'x' ? 0 : 1;
}
