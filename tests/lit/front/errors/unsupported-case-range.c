// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 3;
  switch (x) {
  case 1 ... 5:
    return 1;
  }
  return 0;
}
// CHECK: {{.*}}unsupported-case-range.c:6:3: error: a case range is not supported by chorus
// CHECK-NEXT: {{^}}    case 1 ... 5:{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
