// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  return y + 1;
}
// CHECK: {{.*}}undeclared-var.c:4:10: error: use of undeclared identifier 'y'
// CHECK-NEXT: {{^}}    return y + 1;{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
