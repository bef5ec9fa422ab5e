// RUN: %expect-exit 3 %chorus verify %s 2>&1 | FileCheck %s
// RUN: %expect-exit 0 %native %s
// GNU C nested functions: gcc compiles them, Clang does not parse them.
int main(void) {
  int base = 3;
  int add(int x) { return x + base; }
  return add(4) - 7;
}
// CHECK: {{.*}}unsupported-nested-function.c:6:18: error: a function defined inside another function (a GNU C nested function) is not supported by chorus: define it at file scope and pass what it uses from the enclosing function as arguments
// CHECK-NEXT: {{^}}    int add(int x) { return x + base; }{{$}}
