// GNU statement expressions `({ ... })`, as in the MIN/MAX/SWAP macros of
// real codes: the statements run in their own scope, the value is the last
// expression statement's, each macro argument is evaluated once. The output
// must equal the gcc-compiled program's; -DWRONG expects an argument to be
// evaluated twice and is refuted, as the real run aborts.
// RUN: %expect-exit 0 %chorus verify %s --print-output --quiet > %t.chorus
// RUN: %native %s > %t.native
// RUN: sed '/^verdict: /,$d' %t.chorus | diff - %t.native
// RUN: FileCheck %s --input-file %t.chorus
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native -DWRONG %s
// CHECK: 7 7 3 2 2 6
// CHECK-NEXT: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}stmt_expr.c:33:3 (process 0)
#include <assert.h>
#include <stdio.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) ({ __typeof__(x) _t = (x); (x) = (y); (y) = _t; })

static int calls = 0;
static int next(void) { return ++calls; }

int main(void) {
  int a = 3, b = 7;
  int m = MAX(a, b);
  SWAP(a, b);
  int c = MAX(next(), next());
  int d = ({ int s = 0; for (int i = 0; i < 4; i++) s += i; s; });
  ({ printf("in a statement expression\n"); });
  printf("%d %d %d %d %d %d\n", m, a, b, c, calls, d);
#ifdef WRONG
  assert(calls == 4);
#endif
  assert(m == 7 && a == 7 && b == 3 && calls == 2 && d == 6);
  return 0;
}
