// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int n = 3;
  typedef int row[n];
  row r;
  r[0] = 1;
  return r[0];
}
// CHECK: {{.*}}unsupported-vla-typedef.c:5:15: error: a typedef of a variable-length array type is not supported by chorus
// CHECK-NEXT: {{^}}    typedef int row[n];{{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
