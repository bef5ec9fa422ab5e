// int <-> pointer conversions without a cast: gcc 12 warns
// (-Wint-conversion) and compiles them, so does chorus. A pointer made from
// a non-zero integer points to no object: it converts back to the same
// integer and compares unequal to NULL; dereferencing it is not modelled
// (unknown, never a guess).
// RUN: gcc -std=gnu17 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GCC
// RUN: %expect-exit 0 %chorus verify %s -n 1 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN 2>/dev/null | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DDEREF 2>/dev/null | FileCheck %s --check-prefix=DEREF
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native -DBROKEN %s
// GCC: int_pointer.c:28:12: warning: initialization of {{.*}} from {{.}}int{{.}} makes pointer from integer without a cast [-Wint-conversion]
// GCC: int_pointer.c:29:12: warning: initialization of {{.}}long int{{.}} from {{.*}} makes integer from pointer without a cast [-Wint-conversion]
// OK: int_pointer.c:28:8: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]
// OK: int_pointer.c:29:8: warning: incompatible pointer to integer conversion initializing 'long' with an expression of type 'int *' [-Wint-conversion]
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}int_pointer.c:36:3 (process 0)
// DEREF: verdict: unknown (unsupported: access through the pointer (void *)4096, made from an integer, at {{.*}}int_pointer.c:39:3)
#include <assert.h>
#include <stddef.h>
#include <stdio.h>

int main(void) {
  int x = 5;
  int *q = &x;
  int *n = 0; // a null pointer constant: no warning
  assert(n == NULL);
  int *p = 0x1000;
  long v = p;
  assert(v == 0x1000);
  assert(p != NULL && p != q);
  int *p2 = (int *)4096;
  assert(p == p2);
  assert((long)n == 0);
#ifdef BROKEN
  assert(v == 0x1001);
#endif
#ifdef DEREF
  return *p;
#endif
#ifdef PRINT
  printf("%p %p\n", p, n);
#endif
  return *q - 5;
}
// printf's %p as glibc prints it: a pointer made from an integer in hex,
// NULL as (nil).
// RUN: %chorus verify %s -n 1 --quiet --print-output -DPRINT 2>/dev/null | FileCheck %s --check-prefix=PRINT
// RUN: %native -DPRINT %s | FileCheck %s --check-prefix=PRINT
// PRINT: 0x1000 (nil)
