// A write to a string literal is undefined (C11 6.4.5p7); gcc puts
// literals in read-only memory and the real run dies with SIGSEGV:
// OUT_OF_BOUNDS at the write, as for strcpy into one (before: unknown,
// "not supported").
// An array initialized from a literal is the program's own (-DARRAY).
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSTRCPY | FileCheck %s --check-prefix=STRCPY
// RUN: not %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet -DARRAY | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -DARRAY %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}string_literal_write.c:27:8 (process 0)
// CHECK-NEXT: write into a string literal
// STRCPY: verdict: violation OUT_OF_BOUNDS at {{.*}}string_literal_write.c:25:3 (process 0)
// OK: verdict: verified
#include <stdio.h>
#include <string.h>

int main(void) {
#ifdef ARRAY
  char s[] = "abc";
#else
  char *s = "abc";
#endif
#ifdef STRCPY
  strcpy(s, "xy");
#endif
  s[0] = 'x';
  puts(s);
  return 0;
}
