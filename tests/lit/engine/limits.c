// Limits end the search with "unknown" and name the limit. The program
// counts forever (no state repeats): the reason names the loop and the value.
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet --max-states 50 | FileCheck %s --check-prefix=STATES
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet --max-depth 30 --max-states 100000 | FileCheck %s --check-prefix=DEPTH
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet --time-limit 1 | FileCheck %s --check-prefix=TIME
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet --memory-limit 1 | FileCheck %s --check-prefix=MEM
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DBOUNDED --max-states 1000 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBOUNDED -DBROKEN --max-states 1000 | FileCheck %s --check-prefix=BAD
// STATES: verdict: unknown (max-states reached; the loop at {{.*}}limits.c:22:3 of process 0 does not repeat a state: i (process 0) changes at every round)
// DEPTH: verdict: unknown (max-depth reached)
// TIME: verdict: unknown (time-limit reached; the loop at {{.*}}limits.c:22:3 of process 0 does not repeat a state: i (process 0) changes at every round)
// MEM: verdict: unknown (memory-limit reached)
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}limits.c:30:3 (process 0)
#include <assert.h>

int main(void) {
  int i = 0;
#ifdef BOUNDED
  while (i < 20)
#else
  while (1)
#endif
    i++;
#ifdef BROKEN
  int expect = 21;
#else
  int expect = 20;
#endif
  assert(i == expect);
  return 0;
}
