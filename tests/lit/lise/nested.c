// verify --lise on nested loops (seed 004 §2.3: the inner loop's records
// are pushed above the outer loop's; an inner exit hands its assumptions
// to the outer record). The inner guard on the previous inner counter
// relates a dead fresh symbol to the live outer counter: it is dropped
// with its record, so the search converges (one state per loop position).
//
// RUN: %expect-exit 0 %chorus verify %s -n 1..2 --lise --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// An inner invariant that is not inductive (j <= i: false after the last
// inner iteration), refuted in the first outer iteration (definite).
// RUN: %expect-exit 1 %chorus verify %s -n 1 --lise --no-overflow-check -DWRONG --quiet | FileCheck %s --check-prefix=WRONG
// WRONG: verdict: violation COLLECTIVE_INVARIANT at {{.*}}nested.c:34:14 (process 0)
// WRONG-NEXT: the collective invariant I may not hold after an iteration of the loop (inductive step)
//
// A bounded run agrees.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --input N=6 --no-overflow-check --quiet | FileCheck %s --check-prefix=BOUNDED
// BOUNDED: verdict: verified
#include <assert.h>

#pragma TASS input {N >= 0}
int N;

int main(void) {
  int i = 1, j, s = 0;
#pragma TASS collective invariant O 1 <= i && i <= N + 1 && i == PROC[0].i;
  while (i <= N) {
    j = 1;
#if defined(WRONG)
#define INNER j >= 1 && j <= i && j == PROC[0].j
#else
#define INNER j >= 1 && j <= i + 1 && j == PROC[0].j
#endif
#pragma TASS collective invariant I INNER;
    while (j <= i) {
      s = s + j;
      j++;
    }
    i++;
  }
  assert(i == N + 1);
  return 0;
}
