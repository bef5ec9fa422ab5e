// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds.c:15:10 (process 0)
#ifdef BROKEN
#define LAST 4
#else
#define LAST 3
#endif

int main(void) {
  int a[4];
  int *p = a;
  for (int i = 0; i <= LAST; i++)
    p[i] = i * i;
  return a[3] == 9 ? 0 : 1;
}
