// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int x;
double x;
int main(void) { return 0; }
// CHECK: {{.*}}redefinition.c:4:8: error: redefinition of 'x' with a different type: 'double' vs 'int'
// CHECK-NEXT: {{^}}  double x;{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
