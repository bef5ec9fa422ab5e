// A structure with a flexible array member (C11 6.7.2.1p18) in a malloc'd
// or calloc'd block: the block is one structure whose last member has as
// many elements as fit, (bytes - offsetof(member)) / sizeof(element).
// Before, the first access was "unknown (internal error: array of unknown
// length: double[])" (found by the new-user trial). An index past the
// elements that fit is OUT_OF_BOUNDS (gcc -fsanitize=address reports a
// heap-buffer-overflow there); a block of symbolic size and realloc of such
// a block are unknown, named.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOVER | FileCheck %s --check-prefix=OVER
// RUN: %asan-cc -DOVER %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: %expect-exit 2 %chorus verify %s --quiet -DREALLOC | FileCheck %s --check-prefix=REALLOC
// OUT: n 3 sum 1.5 zeros 0 name abc
// OK: verdict: verified
// OVER: verdict: violation OUT_OF_BOUNDS at {{.*}}flexible_member.c:45:11 (process 0)
// ASAN: heap-buffer-overflow
// ASAN: flexible_member.c:45
// REALLOC: verdict: unknown (unsupported: realloc of a block of 'vec' (a structure with a flexible array member) at {{.*}}flexible_member.c:48:7)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n;
  double v[];
} vec;

struct msg {
  int len;
  char text[];
};

int main(void) {
  vec *v = malloc(sizeof(vec) + 3 * sizeof(double));
  v->n = 3;
  double s = 0;
  for (int i = 0; i < v->n; i++)
    v->v[i] = i * 0.5;
  for (int i = 0; i < v->n; i++)
    s += v->v[i];
  vec *z = calloc(1, sizeof(vec) + 2 * sizeof(double));
#ifdef OVER
  v->v[3] = 1.0;
#endif
#ifdef REALLOC
  v = realloc(v, sizeof(vec) + 4 * sizeof(double));
#endif
  struct msg *m = malloc(sizeof(struct msg) + 4);
  m->len = 3;
  strcpy(m->text, "abc");
  printf("n %d sum %g zeros %g name %s\n", v->n, s, z->v[0] + z->v[1], m->text);
  assert(z->n == 0 && strlen(m->text) == 3);
  free(m);
  free(z);
  free(v);
  return 0;
}
