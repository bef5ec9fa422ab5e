// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = ({ int y = 2; y + 1; });
  return x;
}
// CHECK: {{.*}}unsupported-stmt-expr.c:4:11: error: statement expression '({ ... })' is not supported by chorus
// CHECK-NEXT: {{^}}    int x = ({ int y = 2; y + 1; });{{$}}
// CHECK-NEXT: {{^}}            ^{{$}}
