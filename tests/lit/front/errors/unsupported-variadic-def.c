// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
#include <stdarg.h>
int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = va_arg(ap, int);
  va_end(ap);
  return s;
}
int main(void) { return sum(1, 2); }
// CHECK: {{.*}}unsupported-variadic-def.c:4:5: error: the definition of a variadic function is not supported by chorus
// CHECK-NEXT: {{^}}  int sum(int n, ...) {{{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
