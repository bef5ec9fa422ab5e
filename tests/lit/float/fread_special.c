// fread of floating values that are an infinity, a NaN or -0.0 (--float
// ieee): the values built from the bytes as x86-64 stores them, as the
// real run reads them (a NaN keeps its sign, not its payload: printf shows
// none). The real run (-DWRITE) writes the file; the read run's printed
// line is checked against chorus's. -DBROKEN asserts that the -0.0 read has
// no sign: ASSERTION, as the real run (exit 134). With --float real these
// values are `unknown`, naming the call.
// RUN: %expect-exit 0 %native %s -DWRITE -- %t.bin
// RUN: %expect-exit 0 %native %s -- %t.bin | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output -- %t.bin | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 134 %native %s -DBROKEN -- %t.bin
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN -- %t.bin | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s --quiet --float real -- %t.bin | FileCheck %s --check-prefix=REAL
// OUT: read inf -inf nan -nan -0 1.5 -inf -0
// OK: verdict: verified (assuming the contents of "{{.*}}.bin" as read at verification time (56 bytes))
// BAD: verdict: violation ASSERTION at {{.*}}fread_special.c:45:3 (process 0)
// REAL: verdict: unknown (unsupported: fread of a NaN or an infinity (--float real) into 'double' at {{.*}}fread_special.c:37:14)
#include <assert.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
#ifdef WRITE
  volatile double zero = 0.0;
  double x[6] = {1 / zero, -1 / zero, NAN, zero / zero, -zero, 1.5};
  float f[2] = {-INFINITY, -0.0f};
  FILE *out = fopen(argv[1], "wb");
  if (!out || fwrite(x, sizeof x[0], 6, out) != 6 || fwrite(f, sizeof f[0], 2, out) != 2)
    return 1;
  return fclose(out);
#else
  FILE *in = fopen(argv[1], "rb");
  double x[6];
  float f[2];
  if (!in || fread(x, sizeof x[0], 6, in) != 6 || fread(f, sizeof f[0], 2, in) != 2)
    return 1;
  fclose(in);
  printf("read %g %g %g %g %g %g %g %g\n", x[0], x[1], x[2], x[3], x[4], x[5], f[0], f[1]);
  assert(isinf(x[0]) && x[0] > 0 && x[1] < -1e308 && x[2] != x[2] && !signbit(x[2]));
  assert(isnan(x[3]) && signbit(x[3]) && x[4] == 0 && signbit(x[4]) && 1 / x[4] < 0);
  assert(x[5] == 1.5 && isinf(f[0]) && f[0] < 0 && signbit(f[1]));
#ifdef BROKEN
  assert(!signbit(x[4]));
#endif
  return 0;
#endif
}
