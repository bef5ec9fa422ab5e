// Negative index: a[i - 1] at i = 0.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_negative.c:19:10 (process 0)
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int d[5];
#ifdef BROKEN
  int lo = 0;
#else
  int lo = 1;
#endif
  d[0] = 0;
  for (int i = lo; i < 5; i++)
    if (i > 0)
      d[i] = a[i] - a[i - 1];
  for (int i = lo; i < 5; i++)
    d[i] = a[i] - a[i - 1];
  return d[4] != 1;
}
