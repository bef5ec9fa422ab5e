// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  return N;
}
// CHECK: {{.*}}missing-main-flag.c:4:10: error: use of undeclared identifier 'N'
// CHECK-NEXT: {{^}}    return N;{{$}}
// CHECK-NEXT: {{^}}           ^{{$}}
