// RUN: %chorus dump-model %s | FileCheck %s
// A collective assertion at the end of a block is checked where the block
// ends (seed 000: "the point immediately following the pragma").
int x;
int main(void) {
  for (int i = 0; i < 3; i++) {
    x = x + i;
#pragma TASS collective assert C x >= 0
  }
  return 0;
}
// CHECK: L5  @assert-end-of-block.c:9:3
// CHECK-NEXT: -> L3  i = i + 1  @assert-end-of-block.c:6:27
// CHECK: collective assert C at L5: x >= 0  @assert-end-of-block.c:8:14
