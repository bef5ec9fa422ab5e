// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
struct s { int a; };
int main(void) {
  struct s v;
  int x = v;
  return x;
}
// CHECK: {{.*}}type-struct-int.c:6:7: error: initializing 'int' with an expression of incompatible type 'struct s'
// CHECK-NEXT: {{^}}    int x = v;{{$}}
// CHECK-NEXT: {{^}}        ^{{$}}
