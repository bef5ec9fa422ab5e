// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
struct flags { unsigned a : 1; unsigned b : 3; };
int main(void) {
  struct flags f;
  f.a = 1;
  return f.a;
}
// CHECK: {{.*}}unsupported-bitfield.c:3:25: error: bit-field 'a' is not supported by chorus
// CHECK-NEXT: {{^}}  struct flags { unsigned a : 1; unsigned b : 3; };{{$}}
// CHECK-NEXT: {{^}}                          ^{{$}}
