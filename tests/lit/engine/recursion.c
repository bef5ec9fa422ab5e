// Recursive Fibonacci with a symbolic argument up to 6.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}recursion.c:22:3 (process 0)
// BAD: N = 6
#include <assert.h>

#pragma TASS input {N >= 0 && N <= 6}
int N;

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void) {
  int f = fib(N);
  assert(f >= 0);
#ifdef BROKEN
  int bound = 7;
#else
  int bound = 8;
#endif
  assert(f <= bound);
  return 0;
}
