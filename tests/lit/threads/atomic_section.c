// __VERIFIER_atomic_begin/end (chorus.h, SV-COMP): while a thread is in an
// atomic section no other thread moves, so a read-then-write increment
// inside one is never interleaved (verified). Broken: without the sections
// (-DNOSECTION) the increments race (DATA_RACE); an end without a begin
// (-DUNBALANCED) and nested sections (-DNESTED) are LOCK_MISUSE.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOSECTION | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNBALANCED | FileCheck %s --check-prefix=END
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNESTED | FileCheck %s --check-prefix=NEST
// OK: verdict: verified
// RACE: verdict: violation DATA_RACE at {{.*}}atomic_section.c:36:11 (process 0, thread 2)
// RACE-NEXT: data race on x: thread 2 reads it here and thread 1 writes it at {{.*}}atomic_section.c:37:5
// END: verdict: violation LOCK_MISUSE at {{.*}}atomic_section.c:47:3 (process 0, thread 0)
// END-NEXT: __VERIFIER_atomic_end outside an atomic section
// NEST: verdict: violation LOCK_MISUSE at {{.*}}atomic_section.c:34:3 (process 0, thread 1)
// NEST-NEXT: __VERIFIER_atomic_begin inside an atomic section (they do not nest)
#include <assert.h>
#include <chorus.h>
#include <pthread.h>

int x;

#ifdef NOSECTION
#define BEGIN()
#define END()
#else
#define BEGIN() __VERIFIER_atomic_begin()
#define END() __VERIFIER_atomic_end()
#endif

void *inc(void *arg) {
  BEGIN();
#ifdef NESTED
  BEGIN();
#endif
  int t = x;
  x = t + 1;
  END();
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
#ifdef UNBALANCED
  END();
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
