// Output to stdout and stderr: printf, fprintf, fputs, puts, putchar, fputc,
// putc, fflush. The trace shows each output with its stream; a null stream
// is refuted, writing to stdin is `unknown` (files: files.c).
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DTRACE | FileCheck %s --check-prefix=TRACE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNULLSTREAM | FileCheck %s --check-prefix=NULLSTREAM
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DSTDIN | FileCheck %s --check-prefix=STDIN
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=NATIVE
// TRACE: verdict: violation ASSERTION at {{.*}}stdio.c:47:3 (process 0)
// TRACE: output: n = 3
// TRACE: stderr: warning: 2 left
// TRACE: output: stdout:
// TRACE: output: done
// TRACE: output: line
// TRACE: stderr: x
// TRACE: output: !
// TRACE: stderr: ?
// TRACE: output: copied
// NULLSTREAM: verdict: violation NULL_DEREFERENCE at {{.*}}stdio.c:51:3 (process 0)
// STDIN: verdict: unknown (unsupported: fputs on stdin at {{.*}}stdio.c:54:3)
// OK: verdict: verified
// NATIVE: n = 3
// NATIVE-NEXT: stdout: doneline
// NATIVE-NEXT: !copied
#include <assert.h>
#include <stdio.h>

int main(void) {
  int n = 3;
  int k = printf("n = %d\n", n);
  assert(k == 6);
  fprintf(stderr, "warning: %d left\n", n - 1);
  fprintf(stdout, "stdout: ");
  fputs("done", stdout);
  fflush(stdout);
  puts("line");
  fputs("x\n", stderr);
  int c = putchar('!');
  assert(c == '!');
  fputc('?', stderr);
  FILE *out = stdout;
  fprintf(out, "copied\n");
  fflush(NULL);
  fflush(stderr);
  putc('\n', stderr);
#ifdef TRACE
  assert(n == 0);
#endif
#ifdef NULLSTREAM
  FILE *none = NULL;
  fprintf(none, "x");
#endif
#ifdef STDIN
  fputs("x", stdin);
#endif
  return 0;
}
