// Modulus by zero: the cyclic index (i + 1) % n with n computed from an
// input that may be 0 in the broken form.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation DIVISION_BY_ZERO at {{.*}}mod_zero.c:19:23 (process 0)
// BAD: modulus by zero
#ifdef BROKEN
#pragma TASS input {K >= 0 && K <= 3}
#else
#pragma TASS input {K >= 1 && K <= 3}
#endif
int K;

int main(void) {
  int n = K;
  int next = 0;
  for (int i = 0; i < 2; i++)
    next = (next + 1) % n;
  return next;
}
