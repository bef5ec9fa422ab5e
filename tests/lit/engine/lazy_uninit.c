// The right operand of `&&`, `||` and `?:` is evaluated only where the left
// operand lets it be: reading an element written under the same condition
// is no uninitialized read; reading it where the condition does not hold
// (the broken variant) is.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation UNINITIALIZED_READ at {{.*}}lazy_uninit.c:20:5 (process 0)
#pragma TASS input
int n;

int main(void) {
  int a[8];
  if (n > 0)
    a[0] = 1;
  int r = n > 0 && a[0] != 1;
  r += n <= 0 || a[0] == 1;
  r += n > 0 ? a[0] : 0;
#ifdef BROKEN
  r += n < 5 && a[0] == 1;
#endif
  return r - 2;
}
