// realloc keeps the elements that fit and frees the old block; the old
// pointer dangles afterwards; realloc(NULL, n) is malloc.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSTALE | FileCheck %s --check-prefix=STALE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNEWPART | FileCheck %s --check-prefix=NEWPART
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSHRINK | FileCheck %s --check-prefix=SHRINK
// OK: verdict: verified
// STALE: verdict: violation USE_AFTER_FREE at {{.*}}realloc.c:29:5 (process 0)
// NEWPART: verdict: violation UNINITIALIZED_READ at {{.*}}realloc.c:33:5 (process 0)
// SHRINK: verdict: violation OUT_OF_BOUNDS at {{.*}}realloc.c:37:8 (process 0)
#include <assert.h>
#include <stdlib.h>

#pragma TASS input {N >= 1 && N <= 4}
int N;

int main(void) {
  int *a = NULL;
  a = realloc(a, N * sizeof(int));
  for (int i = 0; i < N; i++)
    a[i] = i * i;
  int *old = a;
  a = realloc(a, (N + 2) * sizeof(int));
  a[N] = -1;
  a[N + 1] = -2;
  assert(a[N - 1] == (N - 1) * (N - 1) && a[N + 1] == -2);
  int v = 0;
#ifdef STALE
  v = old[0];
#endif
#ifdef NEWPART
  a = realloc(a, (N + 3) * sizeof(int));
  v = a[N + 2];
#endif
  a = realloc(a, sizeof(int));
#ifdef SHRINK
  a[1] = v;
#endif
  assert(a[0] == 0);
  free(a);
  (void)old;
  return v;
}
