// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
#include "no_such_header.h"
int main(void) { return 0; }
// CHECK: {{.*}}missing-include.c:3:10: error: 'no_such_header.h' file not found
// CHECK-NEXT: {{^}}  #include "no_such_header.h"{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
