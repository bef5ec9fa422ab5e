// Pointer arithmetic over a structure viewed through a pointer to its
// members' type follows gcc's layout (x86-64), as the real run does:
// `(int *)&s + 1` of `struct { int a, b; } s` is &s.b, `&s.a + 1 == &s.b`,
// `&s.b - &s.a == 1`, `(int *)(&s + 1) - (int *)&s == 2`, walking all
// members with `r != (int *)(&s + 1)`, back by `- 1`, and bytes through a
// char pointer. Before, `(int *)&s + 1` was OUT_OF_BOUNDS ("pointer
// arithmetic beyond a non-array object"). Still OUT_OF_BOUNDS: reading
// one past the whole structure (PAST; UBSan reports it), landing in
// padding (PAD; &m.n + 1 is then one past n) and an element pointer that
// leaves its member array into the next member (ROW; C11 6.5.6p8: gcc
// silently overwrites b.len, ASan does not see it). A symbolic index
// (vp[argc - 1] over `struct { double x, y, z; }`) is one branch per value
// (was OUT_OF_BOUNDS for argc > 1).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPAST | FileCheck %s --check-prefix=PAST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPAD | FileCheck %s --check-prefix=PAD
// RUN: %expect-exit 1 %chorus verify %s --quiet -DROW | FileCheck %s --check-prefix=ROW
// OUT: 5 6 14 3 5 1 4 1.5
// OK: verdict: verified
// PAST: verdict: violation OUT_OF_BOUNDS at {{.*}}struct_layout.c:58:7 (process 0)
// PAST-NEXT: dereference of a pointer one past a non-array object
// PAD: verdict: violation OUT_OF_BOUNDS at {{.*}}struct_layout.c:62:7 (process 0)
// PAD-NEXT: dereference of a pointer one past a non-array object
// ROW: verdict: violation OUT_OF_BOUNDS at {{.*}}struct_layout.c:67:9 (process 0)
// ROW-NEXT: array index 4 out of bounds (the array has 4 elements)
#include <assert.h>
#include <stdio.h>

struct two {
  int a, b;
};
struct three {
  int n;
  long w;
  int c, d;
};
struct vec3 {
  double x, y, z;
};
struct buf {
  int data[4];
  int len;
};

int main(int argc, char** argv) {
  struct two s = {1, 2};
  int* p = (int*)&s + 1;
  *p = 5;
  int* q = &s.a + 1;
  assert(q == &s.b && &s.b - &s.a == 1);
  int* e = (int*)(&s + 1);
  assert(e - (int*)&s == 2 && p < e);
  int sum = 0;
  for (int* r = (int*)&s; r != e; r++)
    sum += *r;
#ifdef PAST
  sum = *((int*)&s + 2);
#endif
  struct three m = {1, 2, 3, 4};
#ifdef PAD
  sum = *(&m.n + 1);
#endif
  struct buf b = {{0, 0, 0, 0}, 4};
#ifdef ROW
  int* bp = b.data;
  bp[4] = 9;
#endif
  int* c = &m.c;
  c[1] += 10;
  int back = *(c + 1 - 1);
  int* cb = (int*)((char*)&s + sizeof(int));
  assert((void*)&s == (void*)&s.a);
  /* a symbolic index over a structure of doubles (argc: 1..1 + K) */
  (void)argv;
  struct vec3 v = {1.5, 2.5, 3.5};
  double* vp = &v.x;
  double pick = argc - 1 < 3 ? vp[argc - 1] : 0.0;
  assert(pick == 0.0 || pick == 1.5 || pick == 2.5 || pick == 3.5);
  printf("%d %d %d %d %d %d %d %g\n", s.b, sum, m.d, back, *cb, *(p - 1), b.len, pick);
  return 0;
}
