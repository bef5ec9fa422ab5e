// \valid, \valid_read and \separated in contracts, over single pointers and
// ranges `p + (lo .. hi)`: a location is valid when its object is live
// (not freed, its frame not returned, not null) and the offsets are inside
// it; \valid also needs it writable (a string literal is only
// \valid_read); \separated: the location sets do not overlap.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DSHORT --quiet | FileCheck %s --check-prefix=SHORT
// SHORT: verdict: violation PRECONDITION at {{.*}}valid.c:66:3 (process 0)
// SHORT-NEXT: the precondition 'requires \valid(a +p (0 .. n - 1)) ({{.*}}valid.c:32:5)' of 'zero' may not hold at this call
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DOVERLAP --quiet | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: verdict: violation PRECONDITION at {{.*}}valid.c:68:3 (process 0)
// OVERLAP-NEXT: the precondition 'requires \separated(dst +p (0 .. n - 1), src +p (0 .. n - 1)) ({{.*}}valid.c:43:5)' of 'copy' may not hold at this call
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DFREED --quiet | FileCheck %s --check-prefix=FREED
// FREED: verdict: violation PRECONDITION at {{.*}}valid.c:71:3 (process 0)
// FREED-NEXT: the precondition 'requires \valid(a +p (0 .. n - 1)) ({{.*}}valid.c:32:5)' of 'zero' may not hold at this call
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DLITERAL --quiet | FileCheck %s --check-prefix=LITERAL
// LITERAL: verdict: violation PRECONDITION at {{.*}}valid.c:73:3 (process 0)
// LITERAL-NEXT: the precondition 'requires \valid(s) ({{.*}}valid.c:53:5)' of 'poke' may not hold at this call
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DNULLP --quiet | FileCheck %s --check-prefix=NULLP
// NULLP: verdict: violation PRECONDITION at {{.*}}valid.c:75:7 (process 0)
// NULLP-NEXT: the precondition 'requires \valid_read(s) ({{.*}}valid.c:50:5)' of 'first' may not hold at this call
#include <stdlib.h>

/*@ requires n >= 0;
    requires \valid(a + (0 .. n - 1));
    ensures \forall integer i; 0 <= i < n ==> a[i] == 0;
    assigns a[0 .. n - 1]; */
void zero(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

/*@ requires n >= 0;
    requires \valid(dst + (0 .. n - 1));
    requires \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
void copy(int *dst, const int *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

/*@ requires \valid_read(s); */
int first(const char *s) { return s[0]; }

/*@ requires \valid(s);
    assigns *s; */
void poke(char *s) { *s = 'x'; }

int main(void) {
  int a[3] = {1, 2, 3}, b[3] = {4, 5, 6};
  char buf[2] = {'a', 0};
  zero(a, 3);
  zero(a, 0);        /* an empty range is valid */
  copy(b, a, 3);
  poke(buf);
  int c = first("hello");
#ifdef SHORT
  zero(a, 4);
#elif defined(OVERLAP)
  copy(a, a + 1, 2);
#elif defined(FREED)
  int *h = malloc(2 * sizeof(int)); h[0] = 0; free(h);
  zero(h, 1);
#elif defined(LITERAL)
  poke("x");
#elif defined(NULLP)
  c = first(NULL);
#endif
  return c == 'h' ? 0 : 1;
}
