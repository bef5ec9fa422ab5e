// (--float real: the bound on the sum holds over the reals; with IEEE doubles
// the rounded sum is not computed for symbolic inputs: unknown)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}inputs_array.c:29:3 (process 0)
// BAD: inputs:
// BAD: N = {{[23]}}
#include <assert.h>

#pragma TASS input {N >= 1 && N <= 3}
int N;
#pragma TASS input
double a[3];

int main(void) {
  double s = 0.0, m = a[0];
  for (int i = 0; i < N; i++) {
    s += a[i];
    if (a[i] > m)
      m = a[i];
  }
  assert(s <= N * m);
  /* the sum is the same in reverse */
  double r = 0.0;
  for (int i = N - 1; i >= 0; i--)
    r += a[i];
#ifdef BROKEN
  assert(N == 1 || r == a[0] * N);
#else
  assert(r == s);
#endif
  return 0;
}
