// A heap block is typed by its first typed access, whatever it is: here a
// store at a constant index other than 0 (it used to crash chorus), for
// int, char, float and double blocks. Out of bounds is refuted at the store;
// the native run (AddressSanitizer) agrees on the line.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DT=int | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DT=char | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DT=float | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DT=double | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DT=int -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DT=char -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DT=float -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DT=double -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DT=int -DREAD | FileCheck %s --check-prefix=READ
// RUN: %asan-cc -DT=double %s -o %t && %t
// RUN: %asan-cc -DT=char -DOOB %s -o %t.oob && not %t.oob 2>&1 | FileCheck %s --check-prefix=ASAN
// OK: verdict: verified
// OOB: verdict: violation OUT_OF_BOUNDS at {{.*}}index_const.c:30:8 (process 0)
// READ: verdict: violation UNINITIALIZED_READ at {{.*}}index_const.c:33:3 (process 0)
// ASAN: heap-buffer-overflow
// ASAN: index_const.c:30
#include <assert.h>
#include <stdlib.h>

int main(void) {
  T *u = malloc(4 * sizeof(T));
  u[1] = 1;
  u[3] = 3;
  assert(u[1] + u[3] == 4);
#ifdef OOB
  u[4] = 2;
#endif
#ifdef READ
  assert(u[2] == 0);
#endif
  free(u);
  return 0;
}
