// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int f(void);
int x;
int main(void) {
  thru { x = 1; } passert(f() == 1);
  return 0;
}
// CHECK: {{.*}}passert-side-effect.c:6:27: error: a passert expression must be free of side effects (no calls other than LW, RW, LR, RR, HASOCCURRED)
// CHECK-NEXT: {{^}}    thru { x = 1; } passert(f() == 1);{{$}}
// CHECK-NEXT: {{^}}                            ^{{$}}
