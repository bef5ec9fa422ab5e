// verify --print-output prints what the first execution that terminates
// writes (printf, puts, putchar), exactly, before the verdict: the same
// text as the native run. A run that stops before termination prints none.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --print-output --quiet > %t.chorus
// RUN: %cc %s -o %t && %t > %t.native
// RUN: sed '/^verdict: /,$d' %t.chorus | diff - %t.native
// RUN: FileCheck %s --input-file %t.chorus
// RUN: %expect-exit 1 %chorus verify %s -n 1 --print-output --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// CHECK: x = 42, y = -7, 3.25 0x2a 'c'
// CHECK-NEXT: done
// CHECK-NEXT: !
// CHECK-NEXT: checksum = F7B2B1F4
// CHECK-NEXT: verdict: verified
// BAD-NOT: checksum
// BAD: verdict: violation ASSERTION at {{.*}}print_output.c:26:3 (process 0)
#include <assert.h>
#include <stdio.h>

int main(void) {
  int x = 41, y = -7;
  printf("x = %d, y = %d, %.2f %#x '%c'\n", x + 1, y, 3.25, x + 1, 'c');
  puts("done");
  putchar('!');
  printf("\n");
#ifdef BROKEN
  assert(x == 42);
#endif
  printf("checksum = %X\n", 0xF7B2B1F4u);
  return 0;
}
