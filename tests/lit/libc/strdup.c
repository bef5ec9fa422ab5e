// strdup/strndup give a new block from malloc holding the string (strndup:
// at most n characters, reading no character past them), which the
// program frees; strncat appends at most n characters and a NUL. Checked
// against the real run. The broken uses: a strdup never freed
// (MEMORY_LEAK at the strdup), strndup past an unterminated array
// (OUT_OF_BOUNDS), strncat into a destination too small (OUT_OF_BOUNDS).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNTERM | FileCheck %s --check-prefix=UNTERM
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSMALL | FileCheck %s --check-prefix=SMALL
// OUT: hello wxyz abc abcdeZ 4
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}strdup.c:21:13 (process 0)
// UNTERM: verdict: violation OUT_OF_BOUNDS at {{.*}}strdup.c:35:8 (process 0)
// SMALL: verdict: violation OUT_OF_BOUNDS at {{.*}}strdup.c:39:3 (process 0)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *a = strdup("hello");
  char buf[4] = {'w', 'x', 'y', 'z'};
  char *b = strndup(buf, 4);
  char *c = strndup("abcdef", 3);
  char d[8] = "ab";
  strncat(d, "cdef", 3);
  strncat(d, "Z", 5);
  printf("%s %s %s %s %zu\n", a, b, c, d, strlen(b));
#ifndef LEAK
  free(a);
#endif
  free(b);
  free(c);
#ifdef UNTERM
  free(strndup(buf, 5));
#endif
#ifdef SMALL
  char e[4] = "ab";
  strncat(e, "cdef", 2);
#endif
  return 0;
}
