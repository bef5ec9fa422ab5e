// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int g;
#pragma TASS collective assert A g > 0
int main(void) { return g; }
// CHECK: {{.*}}misplaced-assert-end.c:4:1: error: pragma 'collective assert A' must be followed by a statement in the same block
