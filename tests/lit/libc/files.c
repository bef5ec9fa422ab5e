// Files, as an HPC main uses them: the parameter file named by argv[1] is
// read (fscanf, fgets, fgetc, feof) from its contents at verification time,
// which the verdict states; results go to the file argv[2] with fprintf and
// fputs, shown in the trace and not written. The broken uses: a missing
// file whose NULL is not checked (NULL_DEREFERENCE, the real run crashes),
// a stream used after fclose (USE_AFTER_FREE), fclose twice (DOUBLE_FREE),
// a line longer than the buffer fgets is told it has (OUT_OF_BOUNDS), a
// mode that is none of C's (UNDEFINED_BEHAVIOR); reading stdin is `unknown`.
// RUN: printf 'n 8\ntol 0.001\ntitle heat 2d\nXY' > %t.params
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -- %t.params %t.out | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --print-output -- %t.params %t.out | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 0 %native %s -- %t.params %t.out | FileCheck %s --check-prefix=NATIVE
// RUN: FileCheck %s --check-prefix=WRITTEN < %t.out
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DTRACE -- %t.params %t.out | FileCheck %s --check-prefix=TRACE
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DTRACE -- %t.missing %t.out | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 1 %native %s -- %t.missing %t.out
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNOCHECK -- %t.missing %t.out | FileCheck %s --check-prefix=NOCHECK
// RUN: %expect-exit 139 %native %s -DNOCHECK -- %t.missing %t.out
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DCLOSED -- %t.params %t.out | FileCheck %s --check-prefix=CLOSED
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DTWICE -- %t.params %t.out | FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DLONGLINE -- %t.params %t.out | FileCheck %s --check-prefix=LONGLINE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DMODE -- %t.params %t.out | FileCheck %s --check-prefix=MODE
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DSTDIN -- %t.params %t.out | FileCheck %s --check-prefix=STDIN
// OK: verdict: verified (assuming the contents of "{{.*}}.params" as read at verification time (30 bytes); assuming "{{.*}}.out" can be written as now (chorus writes nothing to it))
// NATIVE: n=8 tol=0.001 title=heat 2d last=XY
// WRITTEN: n=8 tol=0.001
// WRITTEN-NEXT: title heat 2d
// TRACE: verdict: violation ASSERTION at {{.*}}files.c:85:3 (process 0)
// TRACE: file {{.*}}.out: n=8 tol=0.001
// TRACE: file {{.*}}.out: title
// TRACE: file {{.*}}.out: heat 2d
// MISSING: verdict: violation ASSERTION at {{.*}}files.c:51:5 (process 0)
// MISSING: fopen "{{.*}}.missing": NULL (no such readable file)
// MISSING: stderr: cannot open {{.*}}.missing
// NOCHECK: verdict: violation NULL_DEREFERENCE at {{.*}}files.c:59:7 (process 0)
// CLOSED: verdict: violation USE_AFTER_FREE at {{.*}}files.c:88:3 (process 0)
// TWICE: verdict: violation DOUBLE_FREE at {{.*}}files.c:91:3 (process 0)
// LONGLINE: verdict: violation OUT_OF_BOUNDS at {{.*}}files.c:96:3 (process 0)
// MODE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}files.c:99:3 (process 0)
// STDIN: verdict: unknown (unsupported: fgets reads stdin (give its contents with --stdin FILE) at {{.*}}files.c:103:3)
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r");
#ifndef NOCHECK
  if (!in) {
    fprintf(stderr, "cannot open %s\n", argv[1]);
#ifdef TRACE
    assert(0);
#endif
    return 1;
  }
#endif
  int n = 0, k;
  double tol = 0;
  char key[8], title[16], last[4];
  k = fscanf(in, "%7s %d", key, &n);
  assert(k == 2 && strcmp(key, "n") == 0 && n == 8);
  k = fscanf(in, " tol %lf ", &tol);
  assert(k == 1 && tol == 0.001);
  assert(fgets(key, 7, in) == key && strcmp(key, "title ") == 0);
  assert(fgets(title, sizeof title, in) == title && strcmp(title, "heat 2d\n") == 0);
  assert(!feof(in) && fgetc(in) == 'X');
  k = fscanf(in, "%3s", last);
  assert(k == 1 && strcmp(last, "Y") == 0 && feof(in));
  assert(fgetc(in) == EOF && fgets(title, sizeof title, in) == NULL);
  assert(fscanf(in, "%d", &n) == EOF);
  last[1] = 'Y';
  last[0] = 'X';
  last[2] = 0;
  fclose(in);
  FILE *out = fopen(argv[2], "w");
  if (!out)
    return 2;
  title[strlen(title) - 1] = 0;
  fprintf(out, "n=%d tol=%g\n", n, tol);
  fputs("title ", out);
  fputs(title, out);
  fputc('\n', out);
  fclose(out);
  printf("n=%d tol=%g title=%s last=%s\n", n, tol, title, last);
#ifdef TRACE
  assert(n == 9);
#endif
#ifdef CLOSED
  fprintf(out, "late\n");
#endif
#ifdef TWICE
  fclose(in);
#endif
#ifdef LONGLINE
  char small[4];
  rewind(in = fopen(argv[1], "r"));
  fgets(small, 16, in); // "n 8\n" fits, with its NUL, in 5
#endif
#ifdef MODE
  fopen(argv[1], "rw");
#endif
#ifdef STDIN
  char buf[8];
  fgets(buf, sizeof buf, stdin);
#endif
  return 0;
}
