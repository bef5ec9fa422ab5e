// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) { return 0; }
#pragma TASS collective assert A 1
// CHECK: {{.*}}misplaced-assert-eof.c:4:1: error: pragma 'collective assert A' must be followed by a statement in the same block
// CHECK-NEXT: {{^}}  #pragma TASS collective assert A 1{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
