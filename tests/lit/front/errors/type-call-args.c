// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int f(int a, int b) { return a + b; }
int main(void) {
  return f(1);
}
// CHECK: {{.*}}type-call-args.c:5:13: error: too few arguments to function call, expected 2, have 1
// CHECK-NEXT: {{^}}    return f(1);{{$}}
// CHECK-NEXT: {{^}}              ^{{$}}
