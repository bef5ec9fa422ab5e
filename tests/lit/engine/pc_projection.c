// Path-condition conjuncts about values that are gone from the state are
// dropped from its key: each iteration forks on a fresh nondeterministic
// value that dies at the end of the iteration, so the two branches meet
// again (linear in ROUNDS; with the conjuncts kept it grows faster). The
// states saved are those at the forks and where branches meet; with
// --no-chains, every state.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=DROP
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --keep-dead-values | FileCheck %s --check-prefix=KEEP
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --no-chains | FileCheck %s --check-prefix=DROPALL
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --no-chains --keep-dead-values | FileCheck %s --check-prefix=KEEPALL
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// DROP: verdict: verified
// DROP: states saved 23
// DROP: states matched 21
// KEEP: verdict: verified
// KEEP: states saved 46
// KEEP: states matched 28
// DROPALL: verdict: verified
// DROPALL: states saved 190
// DROPALL: states matched 21
// KEEPALL: verdict: verified
// KEEPALL: states saved 438
// KEEPALL: states matched 28
// BAD: verdict: violation ASSERTION at {{.*}}pc_projection.c:47:3 (process 0)
#include <assert.h>
#include <chorus.h>

#ifndef ROUNDS
#define ROUNDS 8
#endif

int main(void) {
  int pos = 0, neg = 0;
  for (int i = 0; i < ROUNDS; i++) {
    int k = chorus_nondet_int();
    if (k > 0)
      pos = 1;
    else
      neg = 1;
  }
  assert(pos + neg >= 1);
#ifdef BROKEN
  int both = 1;
#else
  int both = 2;
#endif
  assert(pos + neg <= both);
  return 0;
}
