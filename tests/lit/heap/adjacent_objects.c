// A pointer one past the end of one object may equal a pointer to another
// object that follows it in memory (C11 6.5.9p6): the real run (gcc -O0)
// prints 1 for `&g + 1 == &h` over `int g, h;` and for two locals, gcc
// -O2 prints 0. Where gcc places objects is not modelled: such a
// comparison is unknown, naming both pointers (before, chorus took it as
// false and verified `assert(&g + 1 != &h)`, which the real run refutes).
// Pointers that cannot be adjacent compare as before: two objects' starts,
// a one-past pointer with its own object or with NULL, heap blocks (each
// follows an allocator header), and within one object by gcc's layout
// (`t[0] + 2 == t[1]` over `int t[2][2]`, `(void *)&s == (void *)&s.a`).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DGLOBALS | FileCheck %s --check-prefix=GLOBALS
// RUN: %expect-exit 2 %chorus verify %s --quiet -DLOCALS | FileCheck %s --check-prefix=LOCALS
// RUN: %expect-exit 2 %chorus verify %s --quiet -DARRAYS | FileCheck %s --check-prefix=ARRAYS
// OK: verdict: verified
// GLOBALS: verdict: unknown (unsupported: comparison of &g + 1 and &h: a pointer one past the end of one object may equal a pointer to another that follows it in memory (gcc's layout decides) at {{.*}}adjacent_objects.c:40:3)
// LOCALS: verdict: unknown (unsupported: comparison of &y + 1 and &x: a pointer one past the end of one object may equal a pointer to another that follows it in memory (gcc's layout decides) at {{.*}}adjacent_objects.c:43:3)
// ARRAYS: verdict: unknown (unsupported: comparison of &a[4] and &b[0]: a pointer one past the end of one object may equal a pointer to another that follows it in memory (gcc's layout decides) at {{.*}}adjacent_objects.c:46:3)
#include <assert.h>
#include <stdlib.h>

struct two {
  int a, b;
};

int g, h;
int a[4], b[4];

int main(void) {
  int x = 1, y = 2;
  int t[2][2];
  struct two s;
  int *m = malloc(sizeof(int)), *n = malloc(sizeof(int));
  assert(&g != &h && &g + 1 != &g && &g + 1 != NULL && &x != &y);
  assert(m + 1 != n && n + 1 != m);
  assert(t[0] + 2 == t[1] && (void*)&s == (void*)&s.a && &s.a + 1 == &s.b);
  for (int i = 0; i < 4; i++)
    assert(a + i != b); // (a + i is never one past a)
#ifdef GLOBALS
  assert(&g + 1 != &h);
#endif
#ifdef LOCALS
  assert(&y + 1 != &x);
#endif
#ifdef ARRAYS
  assert(a + 4 != b);
#endif
  free(m);
  free(n);
  return 0;
}
