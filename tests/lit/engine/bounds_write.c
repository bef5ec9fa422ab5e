// Write past the end of a global array through an index computed from an
// input.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_write.c:19:14 (process 0)
// BAD: K = 4
int hist[4];

#pragma TASS input {K >= 0 && K <= 4}
int K;

int main(void) {
#ifdef BROKEN
  int slot = K;
#else
  int slot = K % 4;
#endif
  hist[slot] = hist[slot] + 1;
  return 0;
}
