// main's argc is an input, argc >= 1 (unbounded: this main never reads
// argv; when it does, 1 <= argc <= 1 + --max-args: tests/lit/args).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}input_main_args.c:15:3 (process 0)
// BAD: inputs:
// BAD: argc = {{[2-9]|[1-9][0-9]+}}
#include <assert.h>

int main(int argc, char **argv) {
  int extra = argc - 1;
  assert(extra >= 0);
#ifdef BROKEN
  assert(argc == 1);
#endif
  assert(extra < 1 || argc > 1);
  return 0;
}
