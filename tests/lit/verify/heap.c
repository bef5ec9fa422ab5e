// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DDOUBLE | FileCheck %s --check-prefix=DOUBLE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DUAF | FileCheck %s --check-prefix=UAF
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBADFREE | FileCheck %s --check-prefix=BADFREE
// OK: verdict: verified
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}heap.c:18:19 (process 0)
// DOUBLE: verdict: violation DOUBLE_FREE at {{.*}}heap.c:27:3 (process 0)
// UAF: verdict: violation USE_AFTER_FREE at {{.*}}heap.c:30:9 (process 0)
// BADFREE: verdict: violation INVALID_FREE at {{.*}}heap.c:33:3 (process 0)
#include <stdlib.h>

#pragma TASS input {N >= 1 && N <= 3}
int N;

int main(void) {
  int local = 0;
  int *p = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    p[i] = i;
  local = p[N - 1];
#ifdef LEAK
  return local;
#endif
  free(p);
#ifdef DOUBLE
  free(p);
#endif
#ifdef UAF
  local = p[0];
#endif
#ifdef BADFREE
  free(&local);
#endif
  return 0;
}
