// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus verify %s
// An input pragma before a local variable: rejected (the inputs are chosen
// before main starts); before, verify said unknown ("variable 'x' not in
// the current function").
int main(void) {
#pragma TASS input {x >= 0 && x < 3 && y >= 0}
  int x, y;
  return x + y;
}
// CHECK: {{.*}}local-input.c:7:14: error: '#pragma TASS input' before the local variable 'y': an input is a global or static variable, or an object-like macro
