// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 0;
  thru { x = 1; }
  return x;
}
// CHECK: {{.*}}thru-no-passert.c:6:3: error: expected 'passert(...)' after the 'thru' block
// CHECK-NEXT: {{^}}    return x;{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
