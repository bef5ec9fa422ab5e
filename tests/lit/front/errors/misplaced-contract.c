// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
#pragma CIVL ACSL
int g;
int main(void) { return g; }
/*@ requires \true; */
// CHECK: {{.*}}misplaced-contract.c:6:1: error: annotation 'requires \true' must be followed by a function declaration
// CHECK-NEXT: {{^}}  /*@ requires \true; */{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
