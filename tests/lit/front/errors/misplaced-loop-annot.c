// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  int i = 0;
  /*@ loop invariant i >= 0; */
  i++;
  return i;
}
// CHECK: {{.*}}misplaced-loop-annot.c:5:3: error: annotation 'loop invariant i' must be followed by a loop (for, while or do)
// CHECK-NEXT: {{^}}    /*@ loop invariant i >= 0; */{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
