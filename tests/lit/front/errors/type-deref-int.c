// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 0;
  return *x;
}
// CHECK: {{.*}}type-deref-int.c:5:10: error: indirection requires pointer operand ('int' invalid)
// CHECK-NEXT: {{^}}    return *x;{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
