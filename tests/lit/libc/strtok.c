// strtok and strtok_r split a line as glibc does (leading delimiters
// skipped, the first delimiter after a token overwritten by a NUL, NULL once
// only delimiters are left, and again after that), checked against the
// real run. The broken uses: strtok(NULL, ...) before any string
// (UNDEFINED_BEHAVIOR, C11 7.24.5.8p3), strtok of a string literal (it
// writes into it: OUT_OF_BOUNDS; the real run crashes), strtok_r(NULL, ...)
// with a save pointer never set (UNINITIALIZED_READ).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNULLFIRST | FileCheck %s --check-prefix=NULLFIRST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLITERAL | FileCheck %s --check-prefix=LITERAL
// RUN: %expect-exit 139 %native %s -DLITERAL
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNSET | FileCheck %s --check-prefix=UNSET
// OUT: [alpha][beta][gamma] 3
// OUT-NEXT: 1.5 2 x 3 end
// NULLFIRST: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}strtok.c:27:3 (process 0)
// LITERAL: verdict: violation OUT_OF_BOUNDS at {{.*}}strtok.c:30:3 (process 0)
// UNSET: verdict: violation UNINITIALIZED_READ at {{.*}}strtok.c:33:3 (process 0)
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[] = "  alpha, beta,,gamma  ";
  char *tok, *save;
#ifdef NULLFIRST
  strtok(NULL, " ");
#endif
#ifdef LITERAL
  strtok("a b", " ");
#endif
#ifdef UNSET
  strtok_r(NULL, " ", &save);
#endif
  int n = 0;
  for (tok = strtok(line, " ,"); tok; tok = strtok(NULL, " ,")) {
    printf("[%s]", tok);
    ++n;
  }
  printf(" %d\n", n);
  assert(n == 3 && strtok(NULL, " ,") == NULL && strcmp(line + 2, "alpha") == 0);
  char csv[] = "1.5;2;x=3";
  char *a = strtok_r(csv, ";", &save);
  char *b = strtok_r(NULL, ";", &save);
  char *c = strtok_r(NULL, "=", &save);
  printf("%s %s %s %s", a, b, c, save);
  assert(strcmp(strtok_r(NULL, ";", &save), "3") == 0 && strtok_r(NULL, ";", &save) == NULL);
  printf(" end\n");
  return 0;
}
