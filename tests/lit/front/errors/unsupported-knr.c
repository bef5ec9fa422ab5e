// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int add(a, b)
  int a; int b;
{
  return a + b;
}
int main(void) { return add(1, 2); }
// CHECK: {{.*}}unsupported-knr.c:3:5: error: a K&R-style (identifier list) function definition is not supported by chorus
// CHECK-NEXT: {{^}}  int add(a, b){{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
