// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 0;
  x++;
#pragma TASS collective assert A x > 0
}
// CHECK: {{.*}}misplaced-assert-end.c:6:1: error: pragma 'collective assert A' must be followed by a statement in the same block
// CHECK-NEXT: {{^}}  #pragma TASS collective assert A x > 0{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
