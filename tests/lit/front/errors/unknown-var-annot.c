// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int x = 0;
#pragma TASS collective assert A zz > 0
  x++;
  return x;
}
// CHECK: {{.*}}unknown-var-annot.c:5:34: error: use of undeclared identifier 'zz' in annotation
// CHECK-NEXT: {{^}}  #pragma TASS collective assert A zz > 0{{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
