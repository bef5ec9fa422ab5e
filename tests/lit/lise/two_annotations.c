// verify --lise: two collective invariants at one loop are one collective
// action (seed 004 §2.2: a location is in at most one collective
// assertion), checked together; a failing one is reported at its own
// pragma and by its own name (until session 19 the message named the
// first pragma's invariant, P, at Q's location).
//   -DBAD  s grows by 3: Q fails, P holds
//
// RUN: %expect-exit 0 %chorus verify %s -n 1..2 --lise --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise --no-overflow-check -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_INVARIANT at {{.*}}two_annotations.c:21:14 (process 0)
// BAD-NEXT: the collective invariant Q may not hold after an iteration of the loop (inductive step)
#include <mpi.h>
#pragma TASS input {N >= 0}
int N;
int main(int argc, char **argv) {
  int rank, i = 0, s = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma TASS collective invariant P 0 <= i && i <= N && i == PROC[0]@main.i
#pragma TASS collective invariant Q s == 2 * i
  while (i < N) {
    i++;
#if defined(BAD)
    s += 3;
#else
    s += 2;
#endif
  }
  MPI_Finalize();
  return 0;
}
