// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  return frob(2);
}
// CHECK: {{.*}}undeclared-func.c:4:10: error: call to undeclared function 'frob'; ISO C99 and later do not support implicit function declarations
// CHECK-NEXT: {{^}}    return frob(2);{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
