// Calls through function pointers chosen by an input.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}funptr.c:26:3 (process 0)
#include <assert.h>

#pragma TASS input {OP >= 0 && OP <= 2}
int OP;

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }

int main(void) {
  int (*ops[3])(int, int) = {add, sub, mul};
  int (*op)(int, int);
  if (OP == 0)
    op = ops[0];
  else if (OP == 1)
    op = ops[1];
  else
    op = ops[2];
  int r = op(6, 3);
#ifdef BROKEN
  assert(r == 9 || r == 3);
#endif
  assert(r == 9 || r == 3 || r == 18);
  return 0;
}
