// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = (1 + 2;
  return x;
}
// CHECK: {{.*}}syntax-paren.c:4:17: error: expected ')'
// CHECK-NEXT: {{^}}    int x = (1 + 2;{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
