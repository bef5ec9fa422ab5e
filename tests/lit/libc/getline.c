// getline (POSIX), as a parameter reader uses it: the first call mallocs
// glibc's 120-byte buffer, each call gives the next line through its
// newline and its length, -1 at the end of the file, from a file or (with
// --stdin) the standard input; checked against the real run. The broken
// use: the buffer never freed (MEMORY_LEAK, as valgrind reports it). A
// line longer than the buffer is `unknown` (glibc would realloc it).
// RUN: printf 'alpha 1\nbeta 22\nlast' > %t.txt
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -- %t.txt | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s -- %t.txt | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -DSTDIN --stdin %t.txt -- %t.txt | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s -DSTDIN -- %t.txt < %t.txt | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK -- %t.txt | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSMALL -- %t.txt | FileCheck %s --check-prefix=SMALL
// OUT: 8:alpha 1
// OUT-NEXT: 8:beta 22
// OUT-NEXT: 4:last
// OUT-NEXT: 3 lines, cap 120, eof 1
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}getline.c:40:15 (process 0)
// SMALL: verdict: unknown (unsupported: getline of a line of 8 characters into a buffer of 4 bytes (glibc would grow it with realloc) at {{.*}}getline.c:40:15)
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
#ifdef STDIN
  FILE *f = stdin;
#else
  FILE *f = fopen(argv[1], "r");
#endif
  if (!f)
    return 1;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int count = 0;
#ifdef SMALL
  char small[4];
  line = small;
  cap = sizeof small;
#endif
  while ((n = getline(&line, &cap, f)) != -1) {
    printf("%zd:%s", n, line);
    ++count;
  }
  printf("\n%d lines, cap %zu, eof %d\n", count, cap, feof(f) != 0);
#ifndef LEAK
  free(line);
#endif
  return 0;
}
