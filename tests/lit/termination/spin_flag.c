// A spin-wait on a flag that another thread sets (C11 atomics): main
// spins while the setter has not run yet. That spin is a cycle of states,
// but not a fair one: the setter can move at every state of it and never
// does, and a real scheduler runs it (weak fairness). Verified, and the
// native run exits 0.
// -DNEVER: the setter returns without setting the flag; main spins forever
// once it has (the setter is gone: a fair cycle): NONTERMINATION at the
// move that closes the spin (thread 0 of process 0); the native run hangs
// (killed after 3 s: exit 124).
// Under the DPOR (the default) termination is checked after its search by
// a search with the local-move reduction (--no-dpor-termination: not).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefixes=OK,PROMISE
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor-termination | FileCheck %s --check-prefixes=OK,NOPROMISE
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor | FileCheck %s --check-prefixes=OK,PROMISE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNEVER | FileCheck %s --check-prefix=NEVER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNEVER --no-dpor | FileCheck %s --check-prefix=NEVER
// RUN: %expect-exit 124 %native --timeout 3 -DNEVER %s
// OK: verdict: verified
// NEVER: verdict: violation NONTERMINATION at {{.*}}spin_flag.c:40:3 (process 0, thread 0)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag;
static int data;

static void* setter(void* arg) {
  (void)arg;
  data = 42;
#ifndef NEVER
  atomic_store(&flag, 1);
#endif
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  while (atomic_load(&flag) == 0)
    ;
  assert(data == 42);
  pthread_join(t, 0);
  return 0;
}
// RUN: %expect-exit 0 %chorus verify %s --quiet --json %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor-termination --json %t2.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSONOFF < %t2.json
// JSON: "terminates": true,
// JSONOFF: "terminates": false,
// JSONOFF-NEXT: "terminationNote": "the thread reduction is the DPOR, whose sleep sets are not argued to keep fair cycles",
// PROMISE-NEXT: every explored execution terminates: the explored state graph has no fair cycle
// NOPROMISE-NOT: every explored execution terminates
