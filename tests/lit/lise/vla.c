// verify --lise with a variable-length array in the loop's write set: the
// array is havocked as a fresh array of the same length (its length
// variable's value, fixed at the declaration), so the bounds checks of the
// body are proved for every n from the invariant alone.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --lise --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// Writing one element further: out of bounds in the last iteration (with
// n = 1 the first one: a real execution, definite).
// RUN: %expect-exit 1 %chorus verify %s -n 1 --lise -DWRONG --quiet | FileCheck %s --check-prefix=WRONG
// WRONG: verdict: violation OUT_OF_BOUNDS at {{.*}}vla.c:36:11 (process 0)
// WRONG-NOT: possible
//
// A bounded run agrees (n = 5 concretely).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --input n=5 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 1 --input n=5 -DWRONG --quiet | FileCheck %s --check-prefix=BOUNDEDWRONG
// BOUNDED: verdict: verified
// BOUNDEDWRONG: verdict: violation OUT_OF_BOUNDS at {{.*}}vla.c:36:11 (process 0)
#include <assert.h>

#pragma TASS input {n >= 1 && n <= 1000000}
int n;

#if defined(WRONG)
#define AT (i + 1)
#else
#define AT i
#endif

int main(void) {
  double u[n];
  int i = 0;
#pragma TASS collective invariant L 0 <= i && i <= n;
  while (i < n) {
    u[AT] = 2.0 * i;
    i++;
  }
  assert(i == n);
  return 0;
}
