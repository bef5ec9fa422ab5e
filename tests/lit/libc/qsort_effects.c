// A comparison function with effects: C leaves the number and order of
// qsort's comparisons to the library (glibc's are not chorus's insertion
// sort's), so a qsort whose comparison function writes a global (a call
// counter) or calls a library function with effects is `unknown`, naming
// the write; one that only prints is checked (its output is chorus's
// sequence of comparisons). bsearch's comparisons are glibc's own binary
// search, so a counter there is exact: checked against the real run.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DCOUNTING | FileCheck %s --check-prefix=COUNTING
// RUN: %expect-exit 2 %chorus verify %s --quiet -DRANDOM | FileCheck %s --check-prefix=RANDOM
// OK: verdict: verified
// COUNTING: verdict: unknown (unsupported: qsort with a comparison function that writes 'calls' (the comparisons are the library's own: chorus's are not glibc's) at {{.*}}qsort_effects.c:37:3)
// RANDOM: verdict: unknown (unsupported: qsort with a comparison function that calls rand (the comparisons are the library's own: chorus's are not glibc's) at {{.*}}qsort_effects.c:37:3)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static int calls;

static int byValue(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
#ifdef COUNTING
  ++calls;
#endif
#ifdef RANDOM
  if (rand() < 0)
    return 0;
#endif
  return (x > y) - (x < y);
}

static int counted(const void *a, const void *b) { return ++calls, byValue(a, b); }

int main(void) {
  int a[5] = {3, 1, 4, 1, 5}, key = 4;
  qsort(a, 5, sizeof a[0], byValue);
  assert(a[0] == 1 && a[1] == 1 && a[2] == 3 && a[3] == 4 && a[4] == 5);
  calls = 0;
  int *p = bsearch(&key, a, 5, sizeof a[0], counted);
  assert(p == &a[3] && calls == 3);
  return 0;
}
