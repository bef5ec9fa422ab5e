// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
// (atomic integers and pointers are modelled: lib/exec/threads/Atomics.cpp)
_Atomic double level;
int main(void) {
  return level > 0;
}
// CHECK: {{.*}}unsupported-atomic.c:6:10: error: an _Atomic object of the type '_Atomic(double)' (atomic integers and pointers are) is not supported by chorus
// CHECK-NEXT: {{^}}  return level > 0;{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
