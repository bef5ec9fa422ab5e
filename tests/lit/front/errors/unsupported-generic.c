// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 0;
  return _Generic(x, int: 1, default: 0);
}
// CHECK: {{.*}}unsupported-generic.c:5:10: error: _Generic is not supported by chorus
// CHECK-NEXT: {{^}}    return _Generic(x, int: 1, default: 0);{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
