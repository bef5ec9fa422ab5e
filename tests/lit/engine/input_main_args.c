// main's argc is an input: 1 <= argc <= 1 + --max-args (default 3), also
// when main never reads argv (docs/commands.md); tests/lit/args for argv.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBOUND | FileCheck %s --check-prefix=BOUND
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DBOUND --max-args 2 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}input_main_args.c:19:3 (process 0)
// BAD: inputs:
// BAD: argc = {{[234]}}
// BOUND: verdict: violation ASSERTION at {{.*}}input_main_args.c:22:3 (process 0)
// BOUND: argc = 4
#include <assert.h>

int main(int argc, char **argv) {
  int extra = argc - 1;
  assert(extra >= 0);
#ifdef BROKEN
  assert(argc == 1);
#endif
#ifdef BOUND
  assert(argc <= 3);
#endif
  assert(argc <= 4);
  assert(extra < 1 || argc > 1);
  return 0;
}
