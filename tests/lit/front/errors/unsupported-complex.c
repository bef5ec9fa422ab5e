// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  double _Complex z = 1.0;
  return (int)__real__ z;
}
// CHECK: {{.*}}unsupported-complex.c:4:19: error: the complex type '_Complex double' is not supported by chorus
// CHECK-NEXT: {{^}}    double _Complex z = 1.0;{{$}}
// CHECK-NEXT: {{^}}                    ^{{$}}
