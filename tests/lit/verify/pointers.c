// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNULLDEREF | FileCheck %s --check-prefix=NULL
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DPAST | FileCheck %s --check-prefix=PAST
// OK: verdict: verified
// NULL: verdict: violation NULL_DEREFERENCE at {{.*}}pointers.c:32:5 (process 0)
// NULL: output: sum=5
// PAST: verdict: violation OUT_OF_BOUNDS at {{.*}}pointers.c:15:3 (process 0)
#include <stdio.h>
#include <stddef.h>

struct pair { int a[3]; double w; };

static int sum(const int *p, int n) {
  int s = 0;
  for (const int *q = p; q < p + n; q++)
    s += *q;
  return s;
}

static int fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }

int main(void) {
  struct pair pr;
  struct pair *pp = &pr;
  pp->w = 0.5;
  for (int i = 0; i < 3; i++)
    pp->a[i] = fib(i + 1) + (i == 2);
  int s = sum(pr.a, 3);
  printf("sum=%d\n", s);
  int *np = NULL;
#ifdef NULLDEREF
  s = *np;
#endif
#ifdef PAST
  s = sum(pr.a, 4);
#endif
  return s == 5 && np == NULL ? 0 : 1;
}
