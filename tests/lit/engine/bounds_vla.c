// Variable-length array whose length is an input; the copy loop uses the
// wrong bound in the broken form. The counterexample gives the length.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_vla.c:21:12 (process 0)
// BAD: inputs:
// BAD: LEN = {{[12]}}
#pragma TASS input {LEN >= 1 && LEN <= 5} int
#define LEN 4

int main(void) {
  int src[5] = {5, 4, 3, 2, 1};
  int dst[LEN];
#ifdef BROKEN
  int n = 3;
#else
  int n = LEN < 3 ? LEN : 3;
#endif
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
  return dst[0] != 5;
}
