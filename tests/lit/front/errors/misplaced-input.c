// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
#pragma TASS input {n > 0}
  return 0;
}
// CHECK: {{.*}}misplaced-input.c:4:1: error: pragma 'input' must be followed by a variable declaration or an object-like #define
// CHECK-NEXT: {{^}}  #pragma TASS input {n > 0}{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
