// qsort calls the program's comparison function (as ordinary steps of the
// process) and sorts by it: concrete arrays, an array of input values, and
// records whose keys tie, where the C standard leaves the order of equal
// elements open, so both orders are explored and a program relying on
// stability is refuted. A count beyond the array, and an error inside the
// comparison function, are reported where they happen.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSTABLE | FileCheck %s --check-prefix=STABLE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DCOUNT | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DINSIDE | FileCheck %s --check-prefix=INSIDE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DDESC | FileCheck %s --check-prefix=DESC
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native %s -DDESC
// OK: verdict: verified
// STABLE: verdict: violation ASSERTION at {{.*}}qsort.c:59:3 (process 0)
// COUNT: verdict: violation OUT_OF_BOUNDS at {{.*}}qsort.c:62:3 (process 0)
// INSIDE: verdict: violation DIVISION_BY_ZERO at {{.*}}qsort.c:37:12 (process 0)
// DESC: verdict: violation ASSERTION at {{.*}}qsort.c:67:3 (process 0)
#include <assert.h>
#include <stdlib.h>

#pragma TASS input
int X[3];

struct item {
  int key, id;
};

static int byValue(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int byKey(const void *a, const void *b) {
  const struct item *x = a, *y = b;
#ifdef INSIDE
  return 1 / (x->key - y->key);
#endif
  return x->key - y->key;
}

int main(void) {
  int a[6] = {4, 1, 3, 6, 2, 5};
  qsort(a, 6, sizeof a[0], byValue);
  for (int i = 0; i < 6; i++)
    assert(a[i] == i + 1);
  int v[3];
  for (int i = 0; i < 3; i++)
    v[i] = X[i];
  qsort(v, 3, sizeof(int), byValue);
  assert(v[0] <= v[1] && v[1] <= v[2]);
  assert(v[0] == X[0] || v[0] == X[1] || v[0] == X[2]);
  qsort(v, 0, sizeof(int), byValue); /* nothing to do */
  struct item it[3] = {{2, 0}, {1, 1}, {2, 2}};
  qsort(it, 3, sizeof it[0], byKey);
  assert(it[0].id == 1 && it[1].key == 2 && it[2].key == 2);
  assert(it[1].id + it[2].id == 2);
#ifdef STABLE
  assert(it[1].id == 0);
#endif
#ifdef COUNT
  qsort(a, 7, sizeof a[0], byValue);
#endif
#ifdef DESC
  int d[3] = {1, 2, 3};
  qsort(d, 3, sizeof d[0], byValue);
  assert(d[0] == 3);
#endif
  return 0;
}
