// The bytes of an object through a character pointer (C11 6.3.2.3p7) and a
// pointer to a structure as a pointer to its initial member (6.7.2.1p15):
// offsetof arithmetic and container_of, which gcc runs. Before, `(char *)&p
// + offsetof(struct pad, i)` was OUT_OF_BOUNDS ("pointer arithmetic beyond
// a non-array object"), `*(int *)&v = 9` replaced the whole structure and
// the next read of a member crashed chorus (internal SIGSEGV, unknown), and
// `p - n` with an unsigned n (a size_t) moved the pointer by 2^64 - n
// elements: OUT_OF_BOUNDS, and `(char *)&s.m - (char *)&s` was
// OUT_OF_BOUNDS ("pointers into different objects"). A byte pointer into
// the middle of a scalar is unknown (bytes are not modelled); outside the
// object OUT_OF_BOUNDS; int pointers to two members subtract by gcc's
// layout (heap/struct_layout.c; they were OUT_OF_BOUNDS before session 15).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 0 %chorus verify %s --no-fast-moves --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DMIDDLE | FileCheck %s --check-prefix=MIDDLE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBEFORE | FileCheck %s --check-prefix=BEFORE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSIZE_BACK | FileCheck %s --check-prefix=SIZE_BACK
// RUN: %native %s -DMEMBERS | FileCheck %s --check-prefix=MEMBERS
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output -DMEMBERS | FileCheck %s --check-prefix=MEMBERS
// OUT: 42 9 1 7 3 2
// OK: verdict: verified
// MIDDLE: verdict: unknown (unsupported: a pointer to byte 2 inside 'int' (its bytes are not modelled) at {{.*}}struct_bytes.c:86:15)
// BEFORE: verdict: violation OUT_OF_BOUNDS at {{.*}}struct_bytes.c:90:18 (process 0)
// SIZE_BACK: verdict: violation OUT_OF_BOUNDS at {{.*}}struct_bytes.c:94:5 (process 0)
// MEMBERS: members 4
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct pad {
  char c;
  int i;
  char d;
  double x;
};

struct node {
  int key;
  struct pad payload;
};

struct inner {
  int a;
  double w;
};
struct outer {
  struct inner in;
  int z;
};

int main(void) {
  struct pad p;
  memset(&p, 0, sizeof p);
  p.c = 'x';
  char *base = (char*)&p;
  assert(*(int*)(base + offsetof(struct pad, i)) == 0);
  p.i = 42;
  *(char*)(base + offsetof(struct pad, d)) = 'y';
  assert(p.d == 'y');
  /* container_of */
  struct node n = {7, {'a', 3, 'b', 1.5}};
  struct pad *pp = &n.payload;
  struct node *back = (struct node*)((char*)pp - offsetof(struct node, payload));
  assert(back == &n && back->key == 7);
  int *ip = &n.payload.i;
  struct pad *pb = (struct pad*)((char*)ip - offsetof(struct pad, i));
  assert(pb == pp);
  /* a pointer to a structure is a pointer to its initial member */
  struct inner v = {7, 2.0};
  int *pa = (int*)&v;
  *pa = 9;
  struct outer o = {{1, 1.0}, 3};
  int *po = (int*)&o;
  /* p - n with an unsigned n */
  int arr[4] = {1, 2, 3, 4};
  int *q = &arr[3];
  size_t one = 1;
  q = q - one;
  q -= (size_t)1;
  printf("%d %d %d %d %d %d\n", *(int*)(base + offsetof(struct pad, i)), v.a, *po, back->key, pb->i,
         *q);
  assert(v.a == 9 && *q == 2);
#ifdef MIDDLE
  char *mid = base + offsetof(struct pad, i) + 2;
  (void)mid;
#endif
#ifdef BEFORE
  char *before = base - 1;
  (void)before;
#endif
#ifdef SIZE_BACK
  q = q - (size_t)2;
#endif
  /* byte distances inside one object (MPI_Type_create_struct displacements) */
  ptrdiff_t dist = (char *)&n.payload.x - (char *)&n;
  assert(dist == offsetof(struct node, payload) + offsetof(struct pad, x));
  assert((char *)&p - (char *)&p.d == -(ptrdiff_t)offsetof(struct pad, d));
#ifdef MEMBERS
  ptrdiff_t two = &o.z - &o.in.a; /* gcc: 16 bytes, 4 ints */
  printf("members %td\n", two);
#endif
  return 0;
}
