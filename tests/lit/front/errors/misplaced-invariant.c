// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int i = 0;
#pragma TASS collective invariant I i >= 0
  i = 1;
  return i;
}
// CHECK: {{.*}}misplaced-invariant.c:5:1: error: pragma 'collective invariant I' must be followed by a loop (for, while or do)
// CHECK-NEXT: {{^}}  #pragma TASS collective invariant I i >= 0{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
