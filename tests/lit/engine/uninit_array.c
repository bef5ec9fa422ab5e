// A partially initialized array read at a symbolic index: the read is
// undefined for some indices.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}uninit_array.c:22:5 (process 0)
// BAD: I = 3
#pragma TASS input {I >= 0 && I < 4}
int I;

int main(void) {
  int a[4];
#ifdef BROKEN
  int filled = 3;
#else
  int filled = 4;
#endif
  for (int k = 0; k < filled; k++)
    a[k] = 10 * k;
  int v;
  v = 0;
  v = a[I];
  return v > 100;
}
