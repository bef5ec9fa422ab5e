// verify --lise: a collective assertion reached by a loop head's own move
// (the statement right after an annotated loop, or the first of its body)
// is checked. The move that leaves or enters the loop completed only the
// loop's record and skipped the assertion there: until session 17 both
// broken variants below were `verified` (so was `0 == 1` after the loop,
// and diffusion's `joint assert END` was never checked).
//   -DBAD    the assertion after the loop claims one step too many
//   -DBADIN  the assertion first in the body claims s is one step ahead
//
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --lise --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --lise --no-overflow-check -DBAD --quiet | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 3 --lise --no-overflow-check -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}assert_after_loop.c:39:14 (process 0)
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise --no-overflow-check -DBADIN --quiet | FileCheck %s --check-prefix=BADIN
// BADIN: verdict: violation COLLECTIVE_ASSERTION at {{.*}}assert_after_loop.c:32:14 (process 0)
// BADIN-NEXT: the collective assertion IN may not hold
#include <mpi.h>

#pragma TASS input {N >= 0} int
#define N 3

int main(int argc, char **argv) {
  int i, s = 0;

  MPI_Init(&argc, &argv);
#pragma TASS collective invariant LOOP i == PROC[0]@main.i && s == 2 * i && i <= N;
  for (i = 0; i < N; i++) {
#if defined(BADIN)
#pragma TASS collective assert IN s == 2 * i + 2;
#else
#pragma TASS collective assert IN s == 2 * i;
#endif
    s += 2;
  }
#if defined(BAD)
#pragma TASS collective assert END s == 2 * N + 2;
#else
#pragma TASS collective assert END s == 2 * N;
#endif
  MPI_Finalize();
  return 0;
}
