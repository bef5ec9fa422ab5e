// The first typed access of a heap block at a symbolic index (an input K),
// through pointer arithmetic (p + k, p - k, *(p + k)) and on a block of
// structs. Each broken variant is refuted where it goes out of bounds, with
// the input that does it.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBAD_INDEX | FileCheck %s --check-prefix=INDEX
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBAD_ARITH | FileCheck %s --check-prefix=ARITH
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBAD_STRUCT | FileCheck %s --check-prefix=STRUCT
// RUN: %cc -DKVAL=3 %s -o %t && %t
// RUN: %asan-cc -DKVAL=4 -DBAD_INDEX %s -o %t.bad && not %t.bad 2>&1 | FileCheck %s --check-prefix=ASAN
// OK: verdict: verified
// INDEX: verdict: violation OUT_OF_BOUNDS at {{.*}}index_symbolic.c:40:8 (process 0)
// INDEX: K = 4
// ARITH: verdict: violation OUT_OF_BOUNDS at {{.*}}index_symbolic.c:50:5 (process 0)
// ARITH: pointer arithmetic to element{{.*}} out of bounds
// STRUCT: verdict: violation OUT_OF_BOUNDS at {{.*}}index_symbolic.c:59:14 (process 0)
// ASAN: heap-buffer-overflow
// ASAN: index_symbolic.c:40
#include <assert.h>
#include <stdlib.h>

#ifdef KVAL
int K = KVAL;
#else
#pragma TASS input {K >= 0 && K <= 4}
int K;
#endif

struct point {
  int x;
  double y;
};

int main(void) {
  int k = K < 4 ? K : 3;
  long *a = malloc(4 * sizeof(long));
  a[k] = 7;
  assert(a[k] == 7);
#ifdef BAD_INDEX
  a[K] = 8;
#endif
  free(a);

  double *d = malloc(5 * sizeof(double));
  double *p = d + k; // the first typed use: arithmetic
  *(p - k) = 2.5;
  *p = 1.5;
  assert(d[k] == 1.5 && (k == 0 || d[0] == 2.5));
#ifdef BAD_ARITH
  p = d + K + 2;
#endif
  free(d);

  struct point *s = malloc(3 * sizeof(struct point));
  s[k % 3].y = 0.5;
  s[2].x = k;
  assert(s[2].x == k);
#ifdef BAD_STRUCT
  s[k + 1].x = 1;
#endif
  free(s);
  return 0;
}
