// A library function called without its header (memset without
// <string.h>, as old code does): gcc 12 (mpicc) warns and compiles it with
// the built-in declaration, so chorus warns and verifies it with the
// model of the function; the broken variant clears one int too many.
// RUN: gcc -std=gnu17 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GCC
// RUN: %expect-exit 0 %chorus verify %s -n 1 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN 2>/dev/null | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s
// GCC: implicit_decl.c:26:3: warning: implicit declaration of function {{.}}memset{{.}}
// OK: implicit_decl.c:26:3: warning: call to undeclared library function 'memset' {{.*}} [-Wimplicit-function-declaration]
// OK: implicit_decl.c:30:{{[0-9]+}}: warning: call to undeclared function 'twice'{{.*}}[-Wimplicit-function-declaration]
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}implicit_decl.c:26:3 (process 0)
#include <assert.h>

#ifdef BROKEN
#define EXTRA 1
#else
#define EXTRA 0
#endif

int buf[4];

int main(void) {
  buf[3] = 7;
  memset(buf, 0, (4 + EXTRA) * sizeof(int));
  for (int i = 0; i < 4; i++)
    assert(buf[i] == 0);
  // an undeclared function of the program: implicitly `int twice()`
  assert(twice(21) == 42);
  return 0;
}

int twice(int x) { return 2 * x; }
