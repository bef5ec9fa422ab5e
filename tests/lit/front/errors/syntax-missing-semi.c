// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 1
  return x;
}
// CHECK: {{.*}}syntax-missing-semi.c:4:12: error: expected ';' at end of declaration
// CHECK-NEXT: {{^}}    int x = 1{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
