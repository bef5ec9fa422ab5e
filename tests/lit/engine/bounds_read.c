// Off-by-one read in a loop over an array of input length.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_read.c:20:7 (process 0)
// BAD: array index {{[0-9]+}} out of bounds
#pragma TASS input {N >= 1 && N <= 4} int
#define N 3

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  int s = 0;
#ifdef BROKEN
  for (int i = 0; i <= N; i++)
#else
  for (int i = 0; i < N; i++)
#endif
    s += a[i];
  return s < 0;
}
