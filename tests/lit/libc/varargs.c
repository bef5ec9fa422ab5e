// Variadic functions of the program (<stdarg.h>): va_start, va_arg, va_copy,
// va_end, and vprintf/vsnprintf/vfprintf of a va_list. The output must equal
// the gcc-compiled program's. Undefined behaviour (C11 7.16.1.1): -DWRONG_TYPE
// reads an int argument as a long, -DTOO_FEW reads beyond the arguments
// passed, -DAFTER_END reads after va_end; -DPOINTER calls a variadic
// function through a pointer, which chorus does not model (unknown).
// RUN: %expect-exit 0 %chorus verify %s --print-output --quiet > %t.chorus
// RUN: %native %s > %t.native
// RUN: sed '/^verdict: /,$d' %t.chorus | diff - %t.native
// RUN: FileCheck %s --input-file %t.chorus
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG_TYPE | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTOO_FEW | FileCheck %s --check-prefix=FEW
// RUN: %expect-exit 1 %chorus verify %s --quiet -DAFTER_END | FileCheck %s --check-prefix=END
// RUN: %expect-exit 2 %chorus verify %s --quiet -DPOINTER | FileCheck %s --check-prefix=PTR
// CHECK: hello world 42 3.50
// CHECK-NEXT: no args
// CHECK-NEXT: 7.0 1
// CHECK-NEXT: 6
// CHECK-NEXT: verdict: verified
// TYPE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}varargs.c:69:10 (process 0)
// TYPE-NEXT: va_arg(ap, long) reads variadic argument 1, of type int
// FEW: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}varargs.c:71:10 (process 0)
// FEW-NEXT: va_arg(ap, int) beyond the 2 variadic arguments passed
// END: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}varargs.c:56:8 (process 0)
// END-NEXT: va_arg(ap, double) with no variadic argument (none was passed, or va_end was called)
// PTR: verdict: unknown (unsupported: call of the variadic function 'total' through a pointer at {{.*}}varargs.c:91:3)
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>

static void logmsg(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

static void errorAt(int line, const char *fmt, ...) {
  char buf[64];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(stderr, "line %d: %s (%d)\n", line, buf, n);
}

static double sum(int n, int *first, ...) {
  va_list ap, aq;
  va_start(ap, first);
  va_copy(aq, ap);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, double);
  va_end(ap);
#ifdef AFTER_END
  s += va_arg(ap, double);
#endif
  *first = (int)va_arg(aq, double);
  va_end(aq);
  return s;
}

static long total(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long t = 0;
  for (int i = 0; i < n; i++)
#ifdef WRONG_TYPE
    t += va_arg(ap, long);
#else
    t += va_arg(ap, int);
#endif
  va_end(ap);
  return t;
}

int main(void) {
  logmsg("hello %s %d %.2f\n", "world", 42, 3.5);
  logmsg("no args\n");
  errorAt(7, "bad value %d", -1);
  int first = 0;
  double s = sum(3, &first, 1.0, 2.5, 3.5);
  printf("%.1f %d\n", s, first);
#ifdef TOO_FEW
  printf("%ld\n", total(3, 1, 2));
#else
  printf("%ld\n", total(3, 1, 2, 3));
#endif
#ifdef POINTER
  long (*f)(int, ...) = total;
  assert(f(2, 5, 6) == 11);
#endif
  assert(total(2, 5, 6) == 11);
  return 0;
}
