// verify --lise: the loop records are part of the state's identity (seed
// 004 §3; lib/state State.cpp, canonicalize). Process 0 chooses x (a
// nondeterministic branch) before its loop and overwrites it in the first
// iteration; process 1 arrives later. After process 0's first iteration the
// two branches' states differ only in process 0's snapshot in the incomplete
// record: the claim still to check when process 1 arrives. Merged (a key
// without the snapshots), the branch that is explored second would never be
// checked: with -DBAD that branch is the one that breaks the invariant
// (x == 1 at the first arrival), so the program would be misverified
// (measured with a build whose keys drop the snapshots: verified).
//
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_INVARIANT at {{.*}}identity.c:43:14 (process 0)
// BAD-NEXT: the collective invariant C may not hold when the loop is entered (base case)
//
// With more processes (every other process arrives later still): the same.
// RUN: %expect-exit 1 %chorus verify %s -n 3 --lise -DBAD --quiet | FileCheck %s --check-prefix=BAD
#include <assert.h>
#include <chorus.h>
#include <mpi.h>

#pragma TASS input {N >= 1}
int N;

int main(int argc, char **argv) {
  int rank, i = 0, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#if defined(BAD)
  if (rank != 0 || chorus_nondet_bool())
    x = 0;
  else
    x = 1;
#else
  if (rank != 0 || chorus_nondet_bool())
    x = 0;
  else
    x = 0 * rank;
#endif
#pragma TASS collective invariant C x == 0 && 0 <= i && i <= N && i == PROC[0].i
  while (i < N) {
    x = 1; // (written on both branches: their write sets agree)
    x = 0;
    i++;
  }
  assert(i == N);
  MPI_Finalize();
  return 0;
}
