// \forall, \exists (one or more bound variables) and \sum in contracts.
// Ranges with concrete bounds are enumerated; with symbolic bounds (the
// input n) the quantifier goes to the prover with a bound variable.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --input n=4 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// sort3 forgets the last compare-exchange: \forall i, j fails.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DUNSORTED --quiet | FileCheck %s --check-prefix=UNSORTED
// UNSORTED: verdict: violation POSTCONDITION at {{.*}}quantifiers.c:46:1 (process 0)
// UNSORTED-NEXT: the postcondition 'ensures \forall int i, int j; 0 <= i && i <= j && j < 3 ==> *(a +p i) <= *(a +p j) ({{.*}}quantifiers.c:39:5)' of 'sort3' may not hold at this return
//
// sum misses the last element, for a symbolic length n.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DSHORTSUM --quiet | FileCheck %s --check-prefix=SHORTSUM
// SHORTSUM: verdict: violation POSTCONDITION at {{.*}}quantifiers.c:58:3 (process 0)
// SHORTSUM-NEXT: the postcondition 'ensures \result == (\sum(0, n#{{[0-9]+}} - 1, \lambda int k; *(a +p k))) ({{.*}}quantifiers.c:49:5)' of 'sum' may not hold at this return
// SHORTSUM: inputs:
// SHORTSUM: n = {{[1-5]}}
//
// find's \exists postcondition is false when it returns -1 for a present key.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DNOFIND --quiet | FileCheck %s --check-prefix=NOFIND
// NOFIND: verdict: violation POSTCONDITION at {{.*}}quantifiers.c:72:3 (process 0)
// NOFIND-NEXT: the postcondition 'ensures (\exists int i#{{[0-9]+}}; 0 <= i#{{[0-9]+}} && i#{{[0-9]+}} < n#{{[0-9]+}} && *(a +p i#{{[0-9]+}}) == key) ==> \result >= 0 ({{.*}}quantifiers.c:63:5)' of 'find' may not hold at this return
#include <stdlib.h>

#pragma TASS input {n >= 1 && n <= 5}
int n;

void swap(int *a, int i, int j) {
  if (a[i] > a[j]) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/*@ requires \valid(a + (0 .. 2));
    ensures \forall int i, j; 0 <= i <= j < 3 ==> a[i] <= a[j]; */
void sort3(int *a) {
  swap(a, 0, 1);
  swap(a, 1, 2);
#ifndef UNSORTED
  swap(a, 0, 1);
#endif
}

/*@ requires n >= 0 && \valid_read(a + (0 .. n - 1));
    ensures \result == \sum(0, n - 1, \lambda int k; a[k]); */
int sum(const int *a, int n) {
  int s = 0;
#ifdef SHORTSUM
  for (int i = 0; i + 1 < n; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    s += a[i];
  return s;
}

/*@ requires n >= 0 && \valid_read(a + (0 .. n - 1));
    ensures \result >= 0 ==> a[\result] == key;
    ensures (\exists int i; 0 <= i < n && a[i] == key) ==> \result >= 0; */
int find(const int *a, int n, int key) {
#ifdef NOFIND
  for (int i = 0; i + 1 < n; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    if (a[i] == key)
      return i;
  return -1;
}

int main(void) {
  int t[3] = {2, 3, 1};
  sort3(t);
  int *v = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    v[i] = i + 1;
  int s = sum(v, n);
  int f = find(v, n, n);
  free(v);
  return t[0] == 1 && s > 0 && f == n - 1 ? 0 : 1;
}
