// Two packed arrays (lib/state/Packed.h) with the same contents are one
// state, whatever the order of the writes that made them: the two branches
// write a[10] and a[20] in opposite orders and meet (one state matched).
// Without packing, an array of more than 1024 elements is a chain of
// writes in their order: the branches do not meet (no match).
// RUN: %expect-exit 0 %chorus verify %s -n 1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --no-packed-arrays | FileCheck %s --check-prefix=NOPACK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// OK: states saved 3
// OK-NEXT: states matched 1
// NOPACK: verdict: verified
// NOPACK: states saved 4
// NOPACK-NEXT: states matched 0
// BAD: verdict: violation ASSERTION at {{.*}}packed_order.c:33:3 (process 0)
#include <assert.h>
#include <chorus.h>

int a[2000];

int main(void) {
  if (chorus_nondet_int()) {
    a[10] = 1;
    a[20] = 2;
  } else {
    a[20] = 2;
    a[10] = 1;
  }
  int s = 0;
  for (int i = 0; i < 30; i++)
    s += a[i];
#ifdef BROKEN
  assert(s == 2);
#endif
  assert(s == 3);
  return 0;
}
