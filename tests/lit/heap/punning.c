// Objects hold values, not bytes: reading an int (on the heap or not)
// through a char pointer, or walking it with char pointer arithmetic into
// the middle of the int (Machine::bytePtrAdd), is not modelled and makes
// the verdict unknown, naming the access; it is never a wrong value (the
// native run reads the low byte, 4, and the assertion holds there).
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=READ
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DARITH | FileCheck %s --check-prefix=ARITH
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DSTACK | FileCheck %s --check-prefix=STACK
// RUN: %cc %s -o %t && %t && %cc -DARITH %s -o %t2 && %t2
// READ: verdict: unknown (unsupported: access to an object of type 'int' through a pointer to 'char' at {{.*}}punning.c:27:12)
// ARITH: verdict: unknown (unsupported: a pointer to byte 1 inside 'int' (its bytes are not modelled) at {{.*}}punning.c:25:12)
// STACK: verdict: unknown (unsupported: access to an object of type 'double' through a pointer to 'long' at {{.*}}punning.c:33:12)
#include <assert.h>
#include <stdlib.h>

int main(void) {
  int *u = malloc(4 * sizeof(int));
  u[0] = 0x01020304;
  u[1] = 0;
  char *c = (char *)u;
#ifdef STACK
  c = "\4";
#endif
#ifdef ARITH
  char x = c[1] + 1;
#else
  char x = c[0];
#endif
  assert(x == 4);
  free(u);
#ifdef STACK
  double d = 1.0;
  long l = *(long *)&d;
  assert(l != 0);
#endif
  return 0;
}
