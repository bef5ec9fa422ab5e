// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
#include <setjmp.h>
jmp_buf env;
int main(void) {
  if (setjmp(env)) return 1;
  return 0;
}
// CHECK: {{.*}}unsupported-setjmp.c:6:7: error: setjmp/longjmp is not supported by chorus
// CHECK-NEXT: {{^}}    if (setjmp(env)) return 1;{{$}}
// CHECK-NEXT: {{^}}        ^{{$}}
