// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
struct s { int a; };
int main(void) {
  struct s v;
  return v.b;
}
// CHECK: {{.*}}type-no-member.c:6:12: error: no member named 'b' in 'struct s'
// CHECK-NEXT: {{^}}    return v.b;{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
