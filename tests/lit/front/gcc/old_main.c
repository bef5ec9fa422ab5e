// Old code: `void main()` (gcc accepts it, warning with -Wall) and
// `main()` without a return type (implicit int), K&R definitions (gcc
// accepts them silently), `return;` in an int function (warning). chorus
// warns as gcc does and verifies the program; the broken variants divide
// by zero in a K&R function and fail an assertion in void main.
// RUN: gcc -std=gnu17 -fsyntax-only %s
// RUN: gcc -std=gnu17 -fsyntax-only -Wall %s 2>&1 | FileCheck %s --check-prefix=GCC
// RUN: gcc -std=gnu17 -fsyntax-only -DIMPLICIT_INT %s 2>&1 | FileCheck %s --check-prefix=GCC-INT
// RUN: %expect-exit 0 %chorus verify %s -n 1 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DIMPLICIT_INT 2>&1 | FileCheck %s --check-prefix=OK-INT
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN_DIV 2>/dev/null | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN_ASSERT 2>/dev/null | FileCheck %s --check-prefix=ASSERT
// RUN: %expect-exit 0 %native -DIMPLICIT_INT %s
// RUN: %expect-exit 134 %native -DBROKEN_ASSERT %s
// GCC: old_main.c:55:6: warning: return type of {{.}}main{{.}} is not {{.}}int{{.}} [-Wmain]
// GCC-INT: old_main.c:53:1: warning: return type defaults to {{.}}int{{.}} [-Wimplicit-int]
// OK: old_main.c:45:11: warning: parameter 'v' was not declared, defaults to 'int'{{.*}}[-Wimplicit-int]
// OK: old_main.c:48:5: warning: non-void function 'check' should return a value [-Wreturn-type]
// OK: old_main.c:55:1: warning: return type of 'main' is not 'int' [-Wmain-return-type]
// OK: verdict: verified
// OK-INT: old_main.c:53:1: warning: type specifier missing, defaults to 'int'{{.*}}[-Wimplicit-int]
// OK-INT: verdict: verified
// DIV: verdict: violation DIVISION_BY_ZERO at {{.*}}old_main.c:42:12 (process 0)
// ASSERT: verdict: violation ASSERTION at {{.*}}old_main.c:62:3 (process 0)
#include <assert.h>

/* K&R definitions: parameters declared between ) and {, arguments promoted
   at the call (char and short to int, float to double) */
int scale(x, c, f)
int x;
char c;
float f;
{
  return x * c + (int)(f * 2);
}

long ratio(a, b) long a, b;
{
#ifdef BROKEN_DIV
  b = b - 3;
#endif
  return a / b;
}

int check(v) /* the parameter's type defaults to int */
{
  if (v < 0)
    return;
  return v + 1;
}

#ifdef IMPLICIT_INT
main()
#else
void main()
#endif
{
  char c = 3;
  assert(scale(5, c, 1.5f) == 18);
  assert(ratio(12L, 3L) == 4);
#ifdef BROKEN_ASSERT
  assert(check(1) == 1);
#endif
  assert(check(1) == 2);
#ifdef IMPLICIT_INT
  return 0;
#endif
}
