// An access out of bounds names the index and the array's length when they
// are known, for an array on the stack, a malloc'd block and pointer
// arithmetic; the real run (AddressSanitizer) fails at the same lines.
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s --check-prefix=STACK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DHEAP | FileCheck %s --check-prefix=HEAP
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPTR | FileCheck %s --check-prefix=PTR
// RUN: %expect-exit 1 %chorus verify %s --quiet -DROW | FileCheck %s --check-prefix=ROW
// RUN: %expect-exit 0 %chorus verify %s --quiet -DOK | FileCheck %s --check-prefix=OK
// RUN: %asan-cc %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: %asan-cc -DHEAP %s -o %t.heap && not %t.heap 2>&1 | FileCheck %s --check-prefix=ASAN-HEAP
// STACK: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_message.c:39:10 (process 0)
// STACK-NEXT: array index 5 out of bounds (the array has 5 elements)
// HEAP: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_message.c:44:8 (process 0)
// HEAP-NEXT: array index 4 out of bounds (the array has 4 elements)
// PTR: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_message.c:49:12 (process 0)
// PTR-NEXT: pointer arithmetic to element 4 out of bounds (the array has 3 elements)
// ROW: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_message.c:34:13 (process 0)
// ROW-NEXT: array index 4 out of bounds (the array has 4 elements); the array is a row of 'int[3][4]', and C11 (6.5.6, J.2) makes an index past a row undefined even where the whole array extends
// OK: verdict: verified
// ASAN: bounds_message.c:39
// ASAN-HEAP: bounds_message.c:44
#include <stdlib.h>

int main(void) {
#ifdef OK
  int a[5];
  for (int i = 0; i < 5; i++)
    a[i] = i;
  return a[4] - 4;
#elif defined(ROW) /* flat indexing of a 2-D array: gcc runs it, C leaves it undefined */
  int m[3][4];
  int *flat = &m[0][0];
  for (int i = 0; i < 12; i++)
    flat[i] = i;
  return m[2][3] - 11;
#elif !defined(HEAP) && !defined(PTR)
  int a[5];
  for (int i = 0; i <= 5; i++)
    a[i] = i;
  return a[0];
#elif defined(HEAP)
  int n = 4;
  int *p = malloc(n * sizeof(int));
  p[n] = 1;
  free(p);
  return 0;
#else
  int b[3] = {1, 2, 3};
  int *q = b + 4;
  return q == b;
#endif
}
