// `assigns` is a frame condition checked at every return (ASSIGNS, at the
// return): every location outside the clause (globals, heap objects, the
// caller's variables) holds at the return what it held at the call. The
// locations are evaluated at the call: variables, `*p`, `p[lo..hi]`, struct
// members, `\nothing`. A location written and restored is unchanged.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DGLOBAL --quiet | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: verdict: violation ASSIGNS at {{.*}}assigns.c:42:1 (process 0)
// GLOBAL-NEXT: 'count' changed (from 0 to 1) but is not in 'assigns g ({{.*}}assigns.c:33:5)' of 'setg'
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DRANGE --quiet | FileCheck %s --check-prefix=RANGE
// RANGE: verdict: violation ASSIGNS at {{.*}}assigns.c:51:1 (process 0)
// RANGE-NEXT: 'a (of main)[3]' changed (from 0 to 7) but is not in 'assigns *(p +p (lo .. hi)) ({{.*}}assigns.c:44:5)' of 'fill'
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DMEMBER --quiet | FileCheck %s --check-prefix=MEMBER
// MEMBER: verdict: violation ASSIGNS at {{.*}}assigns.c:59:1 (process 0)
// MEMBER-NEXT: 'pt (of main).y' changed (from 2 to 0) but is not in 'assigns (*p).x ({{.*}}assigns.c:53:5)' of 'movex'
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DHEAP --quiet | FileCheck %s --check-prefix=HEAP
// HEAP: verdict: violation ASSIGNS at {{.*}}assigns.c:67:3 (process 0)
// HEAP-NEXT: 'the heap object allocated at {{.*}}assigns.c:79:19[j] for some index j' changed but is not in 'assigns \nothing ({{.*}}assigns.c:61:5)' of 'peek'
#include <stdlib.h>

struct point {
  int x, y;
};

int g, count;

/*@ assigns g; */
void setg(int v) {
  int saved = count;
  count = 99; /* written and restored: unchanged */
  count = saved;
  g = v;
#ifdef GLOBAL
  count = count + 1;
#endif
}

/*@ assigns p[lo .. hi]; */
void fill(int *p, int lo, int hi, int v) {
  for (int i = lo; i <= hi; i++)
    p[i] = v;
#ifdef RANGE
  p[hi + 1] = v;
#endif
}

/*@ assigns p->x; */
void movex(struct point *p, int dx) {
  p->x = p->x + dx;
#ifdef MEMBER
  p->y = 0;
#endif
}

/*@ assigns \nothing; */
int peek(int *q, int n) {
  int r = q[0];
#ifdef HEAP
  q[n - 1] = 1;
#endif
  return r;
}

#pragma TASS input {n >= 1 && n <= 6}
int n;

int main(void) {
  int a[5] = {0, 0, 0, 0, 0};
  struct point pt = {1, 2};
  setg(4);
  fill(a, 1, 2, 7);
  movex(&pt, 3);
  int *h = (int *)calloc(n, sizeof(int));
  int r = peek(h, n);
  free(h);
  return g + a[1] + a[2] + a[3] + pt.x + pt.y + r == 4 + 14 + 6 ? 0 : 1;
}
