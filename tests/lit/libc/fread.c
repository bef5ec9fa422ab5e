// Binary files: the real run (-DWRITE) writes a header, two ints and three
// doubles with fwrite; chorus reads them back with fread at verification
// time (the values built from the bytes as x86-64 stores them), and
// fseek/ftell/rewind/feof move and report the position as glibc does; the
// verdict says it holds for the file's contents. fwrite to stdout writes
// the bytes. The broken uses: fread of more items than the buffer holds
// (OUT_OF_BOUNDS at the fread), fwrite of uninitialized elements
// (UNINITIALIZED_READ); fread of bytes that are a partial element is
// `unknown`, naming the call.
// RUN: %expect-exit 0 %native %s -DWRITE -- %t.bin
// RUN: %expect-exit 0 %chorus verify %s --quiet -- %t.bin | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -- %t.bin | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 0 %native %s -- %t.bin | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVER -- %t.bin | FileCheck %s --check-prefix=OVER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNINIT -- %t.bin | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 2 %chorus verify %s --quiet -DPARTIAL -- %t.bin | FileCheck %s --check-prefix=PARTIAL
// OK: verdict: verified (assuming the contents of "{{.*}}.bin" as read at verification time (36 bytes))
// NATIVE: abc 5 -3 -2.5 1e+300
// NATIVE-NEXT: abc
// OVER: verdict: violation OUT_OF_BOUNDS at {{.*}}fread.c:52:3 (process 0)
// UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}fread.c:73:3 (process 0)
// PARTIAL: verdict: unknown (unsupported: fread of 3 bytes into 'int' elements (a partial element) at {{.*}}fread.c:55:3)
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
#ifdef WRITE
  FILE *out = fopen(argv[1], "wb");
  int n[2] = {5, -3};
  double x[3] = {0.1, -2.5, 1e300};
  char tag[4] = "abc";
  if (!out || fwrite(tag, 1, 4, out) != 4 || fwrite(n, sizeof n[0], 2, out) != 2 ||
      fwrite(x, sizeof(double), 3, out) != 3)
    return 1;
  return fclose(out);
#else
  FILE *in = fopen(argv[1], "rb");
  if (!in)
    return 1;
  assert(fseek(in, 0, SEEK_END) == 0);
  long size = ftell(in);
  assert(size == 4 + 2 * sizeof(int) + 3 * sizeof(double));
  rewind(in);
  char tag[4];
  int n[2];
  double x[4];
  assert(fread(tag, 1, 4, in) == 4 && strcmp(tag, "abc") == 0);
#ifdef OVER
  fread(n, sizeof(int), 3, in);
#endif
#ifdef PARTIAL
  fread(n, 1, 3, in);
#endif
  assert(fread(n, sizeof(int), 2, in) == 2 && n[0] == 5 && n[1] == -3);
  size_t k = fread(x, sizeof(double), 4, in); // 3 are left
  assert(k == 3 && feof(in));
  assert(x[0] == 0.1 && x[1] == -2.5 && x[2] == 1e300);
  assert(fseek(in, -24, SEEK_END) == 0 && ftell(in) == 12 && !feof(in));
  assert(fread(x, sizeof(double), 1, in) == 1 && x[0] == 0.1 && ftell(in) == 20);
  assert(fseek(in, -100, SEEK_CUR) == -1 && ftell(in) == 20);
  assert(fseek(in, 100, SEEK_SET) == 0 && fread(x, 1, 8, in) == 0 && feof(in));
  fclose(in);
  printf("%s %d %d %g %g\n", tag, n[0], n[1], x[1], x[2]);
  fflush(stdout);
  fwrite(tag, 1, 3, stdout);
  putchar('\n');
#ifdef UNINIT
  double y[2];
  y[0] = 1;
  fwrite(y, sizeof y[0], 2, stdout);
#endif
  return 0;
#endif
}
