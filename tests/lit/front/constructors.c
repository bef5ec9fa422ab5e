// __attribute__((constructor)) functions run before main, after the static
// initialization of every unit, lower priorities first, then in order of
// definition (gcc's order); the real run (gcc) agrees. A violation inside
// a constructor is reported at its line. Destructors run after main
// (tests/lit/libc/atexit.c); the cleanup attribute's function is called as
// the variable's scope is left (tests/lit/front/cleanup_attr.c; before, all
// three were ignored: main's assert below was a false violation).
// RUN: %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -DBAD --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -DDTOR --quiet | FileCheck %s --check-prefix=DTOR
// RUN: %expect-exit 0 %chorus verify %s -DCLEANUP 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %native -DCLEANUP %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}constructors.c:28:3 (process 0)
// DTOR: verdict: violation ASSERTION at {{.*}}constructors.c:35:26 (process 0)
#include <assert.h>

int trace = 1, base = 10;

__attribute__((constructor)) static void second(void) { trace = trace * 10 + 2; }

__attribute__((constructor(101))) static void first(void) {
  assert(base == 10); // static initialization comes first
  trace = trace * 10 + 1;
#ifdef BAD
  base = 11;
  assert(base == 10);
#endif
}

__attribute__((constructor)) static void third(void) { trace = trace * 10 + 3; }

#ifdef DTOR
static void done(void) { assert(trace == 0); }
__attribute__((destructor)) static void bye(void) { done(); }
#endif

static void release(int *p) { trace = *p; }

int main(void) {
  assert(trace == 1123);
#ifdef CLEANUP
  {
    int x __attribute__((cleanup(release))) = 7;
    (void)x;
  }
  assert(trace == 7);
#endif
  return 0;
}
