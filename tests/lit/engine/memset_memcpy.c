// memset with any byte value (int and char elements), memset/memcpy with a
// symbolic size on a heap array, and a memcpy past the end.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DUNINIT | FileCheck %s --check-prefix=UNINIT
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}memset_memcpy.c:32:3 (process 0)
// BAD: memcpy beyond the end of the destination
// UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}memset_memcpy.c:37:5 (process 0)
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#pragma TASS input {N >= 1 && N <= 8}
int N;

int main(void) {
  int minus[3];
  memset(minus, 0xff, sizeof minus);
  assert(minus[2] == -1);
  char s[5];
  memset(s, 'x', 4);
  s[4] = 0;
  assert(strlen(s) == 4 && s[0] == 'x');
  int *a = malloc(N * sizeof(int));
  memset(a, 0, N * sizeof(int));
  int *b = malloc(N * sizeof(int));
  memcpy(b, a, N * sizeof(int));
  assert(b[N - 1] == 0);
  int c[8];
#ifdef BROKEN
  memcpy(c, b, (N + 1) * sizeof(int));
#endif
  memcpy(c, b, N * sizeof(int));
  int v = 0;
#ifdef UNINIT
  v = c[N - 1] + c[7];
#endif
  free(a);
  free(b);
  return v;
}
