// A pointer to an object that is not an array may point one past it (C11
// 6.5.6p7: the object is an array of one element): `p = &g; p++; p--;`,
// `&s + 1` as an end pointer, `p < &g + 1`, `(&g + 1) - &g == 1` and in
// bytes `(char *)(&s + 1) - (char *)&s == sizeof s`, which gcc runs. Before, `p++` over a scalar was OUT_OF_BOUNDS ("pointer
// arithmetic beyond a non-array object"). Dereferencing the one-past
// pointer, or moving two past, is OUT_OF_BOUNDS.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDEREF | FileCheck %s --check-prefix=DEREF
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTWO | FileCheck %s --check-prefix=TWO
// OUT: 1 3 1 7 8
// OK: verdict: verified
// DEREF: verdict: violation OUT_OF_BOUNDS at {{.*}}one_past_scalar.c:45:13 (process 0)
// DEREF-NEXT: dereference of a pointer one past a non-array object
// TWO: verdict: violation OUT_OF_BOUNDS at {{.*}}one_past_scalar.c:48:5 (process 0)
#include <assert.h>
#include <stdio.h>

struct pt {
  int x, y;
};

int g;

static int sum(const struct pt *b, const struct pt *e) {
  int s = 0;
  for (const struct pt *q = b; q != e; q++)
    s += q->x + q->y;
  return s;
}

int main(void) {
  int *p = &g;
  p++;
  assert(p - &g == 1 && p > &g && p != &g);
  p--;
  *p = 1;
  struct pt one = {1, 2};
  int n = 0;
  for (int *q = &g; q < &g + 1; q++)
    n++;
  size_t bytes = (size_t)((char *)(&one + 1) - (char *)&one);
  assert(bytes == sizeof one && (char *)&one + sizeof one == (char *)(&one + 1));
#ifdef DEREF
  *(&g + 1) = 2;
#endif
#ifdef TWO
  p = p + 2;
#endif
  printf("%d %d %d %d %zu\n", g, sum(&one, &one + 1), n, sum(&one, &one) + 7, bytes);
  return 0;
}
