// A call of an undeclared function is a warning, as with gcc
// (front/gcc/implicit_decl.c); -Werror=... given on the command line makes
// it an error again.
// RUN: not %chorus dump-model %s -Werror=implicit-function-declaration 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s -Werror=implicit-function-declaration
// RUN: %expect-exit 0 %chorus dump-model %s
int main(void) {
  return frob(2);
}
// CHECK: {{.*}}undeclared-func.c:8:10: error: call to undeclared function 'frob'; ISO C99 and later do not support implicit function declarations
// CHECK-NEXT: {{^}}    return frob(2);{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
