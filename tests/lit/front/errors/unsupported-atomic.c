// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
_Atomic int counter;
int main(void) {
  return counter;
}
// CHECK: {{.*}}unsupported-atomic.c:3:13: error: _Atomic is not supported by chorus
// CHECK-NEXT: {{^}}  _Atomic int counter;{{$}}
// CHECK-NEXT: {{^}}              ^{{$}}
