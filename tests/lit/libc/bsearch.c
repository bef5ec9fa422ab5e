// bsearch runs glibc's binary search, calling the program's comparison
// function: found and missing keys, an input key, and an unsorted array,
// where the search misses an element that is there (as the real run does).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DUNSORTED | FileCheck %s --check-prefix=UNSORTED
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DMISSING | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNOCMP | FileCheck %s --check-prefix=NOCMP
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native %s -DUNSORTED
// OK: verdict: verified
// UNSORTED: verdict: violation ASSERTION at {{.*}}bsearch.c:45:3 (process 0)
// MISSING: verdict: violation NULL_DEREFERENCE at {{.*}}bsearch.c:49:5 (process 0)
// MISSING: K = {{-?[0-9]+}}
// NOCMP: verdict: violation NULL_DEREFERENCE at {{.*}}bsearch.c:53:7 (process 0)
#include <assert.h>
#include <stdlib.h>

#pragma TASS input
int K;

static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  int a[7] = {1, 3, 5, 7, 9, 11, 13};
  for (int i = 0; i < 7; i++) {
    int *p = bsearch(&a[i], a, 7, sizeof a[0], cmp);
    assert(p == &a[i]);
  }
  int key = 4;
  assert(bsearch(&key, a, 7, sizeof a[0], cmp) == NULL);
  assert(bsearch(&key, a, 0, sizeof a[0], cmp) == NULL);
  int k = K;
  int *q = bsearch(&k, a, 7, sizeof(int), cmp);
  if (q)
    assert(*q == k && k % 2 == 1 && 1 <= k && k <= 13);
  else
    assert(k % 2 == 0 || k < 1 || k > 13);
#ifdef UNSORTED
  int u[5] = {9, 1, 5, 3, 7};
  key = 9;
  int *r = bsearch(&key, u, 5, sizeof u[0], cmp);
  assert(r != NULL);
#endif
#ifdef MISSING
  int *s = bsearch(&k, a, 7, sizeof(int), cmp);
  k = *s;
#endif
#ifdef NOCMP
  int (*none)(const void *, const void *) = 0;
  q = bsearch(&key, a, 7, sizeof(int), none);
#endif
  return 0;
}
