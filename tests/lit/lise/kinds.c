// verify --lise: the violation kinds of seed 004 Fig. 3 and the loops LISE
// rejects. Processes are never synchronized at a loop; the k-th arrivals of
// all processes at collective actions form one record (a shared queue).
//
// Processes leave the loop on different iterations (Fig. 3 line 7), on
// the first one (process 0's bound is 0): definite.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DEXIT -DLIM0=0 --quiet | FileCheck %s --check-prefix=EXIT
// EXIT: verdict: violation CONFLICTING_LOOP_EXIT at {{.*}}kinds.c:65:14 (process 1)
// EXIT-NEXT: process 1 enters the loop of the collective invariant L on an iteration on which process 0 left it
// On a later one (bounds N and N+1): found from havocked values, then
// confirmed by the replay with the counterexample's N, where process 1
// reaches the invariant once more than process 0.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DEXIT -DLIM0=N --quiet | FileCheck %s --check-prefix=EXITN
// EXITN: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}kinds.c:65:14 (process 1)
// EXITN-NEXT: confirmed by a concrete run with inputs N={{[0-9]+}}{{.*}} (replaying the possible CONFLICTING_LOOP_EXIT at {{.*}}kinds.c:65:14 (process 1) that --lise found)
//
// Collective actions reached in different orders (Fig. 3 line 6): reported
// at the loop whose record is out of order (A, which process 0 reached as
// its first collective action, at its pragma), naming the loop process 1
// reached instead (B). Until session 19 it was reported at B, the loop of
// the arriving process, and the message named A without its location.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DORDER --quiet | FileCheck %s --check-prefix=ORDER
// ORDER: verdict: violation OUT_OF_ORDER_ARRIVAL at {{.*}}kinds.c:70:14 (process 0)
// ORDER-NEXT: process 0 reached the collective invariant A ({{.*}}kinds.c:70:14) where process 1 reached the collective invariant B ({{.*}}kinds.c:77:14) instead
// Processes 1 and 2 skip loop A: the same, at A (any number of processes).
// RUN: %expect-exit 1 %chorus verify %s -n 3 --lise -DSKIP --quiet | FileCheck %s --check-prefix=ORDER
// Collective assertions share the queue with the loops' records (seed 004
// §2.4): an assertion and a loop reached in different orders are out of
// order too, reported at the action process 0 reached first (X).
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DMIXORDER --quiet | FileCheck %s --check-prefix=MIXORDER
// MIXORDER: verdict: violation OUT_OF_ORDER_ARRIVAL at {{.*}}kinds.c:95:14 (process 0)
// MIXORDER-NEXT: process 0 reached the collective assertion X ({{.*}}kinds.c:95:14) where process 1 reached the collective invariant A ({{.*}}kinds.c:101:14) instead
// A record left incomplete at termination (§1: "if any queue is nonempty
// at termination"): only process 0 runs the loop; definite, for every N.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DINCOMPLETE --quiet | FileCheck %s --check-prefix=INCOMPLETE
// INCOMPLETE: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}kinds.c:109:14 (process 0)
// One invariant at a different loop in each process (dom(id) spans several
// locations, seed 004 §2.2), reached in the same order: verified.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DSPLIT -DSTEP=1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DSPLIT -DSTEP=2 --quiet | FileCheck %s --check-prefix=SPLITBAD
// SPLITBAD: verdict: violation COLLECTIVE_INVARIANT at {{.*}}kinds.c:115:14 (process 0)
//
// The same loops in the same order: verified for every input.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --lise --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes
//
// A loop left by break: normalized (normalize.c has every form), verified.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DBREAK --quiet | FileCheck %s --check-prefix=OK
// (until loop normalization it was rejected with exit 3).
#include <mpi.h>

#pragma TASS input {N >= 0 && N < 1000}
int N;

int main(int argc, char **argv) {
  int rank, i = 0, j = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#if defined(EXIT)
  int lim = rank == 0 ? LIM0 : N + 1;
#else
  int lim = N;
#endif
#if defined(EXIT)
#pragma TASS collective invariant L 0 <= i && i <= lim
  while (i < lim)
    i++;
#elif defined(ORDER) || defined(SKIP)
  if (rank == 0) {
#pragma TASS collective invariant A 0 <= i && i <= N
    while (i < N)
      i++;
#pragma TASS collective invariant B 0 <= j && j <= N
    while (j < N)
      j++;
  } else {
#pragma TASS collective invariant B 0 <= j && j <= N
    while (j < N)
      j++;
#if !defined(SKIP)
#pragma TASS collective invariant A 0 <= i && i <= N
    while (i < N)
      i++;
#endif
  }
#elif defined(BREAK)
#pragma TASS collective invariant K 0 <= i && i <= N && i == PROC[0]@main.i
  while (i < N) {
    if (i == 3)
      break;
    i++;
  }
#elif defined(MIXORDER)
  if (rank == 0) {
#pragma TASS collective assert X i == 0
    j = 1;
#pragma TASS collective invariant A 0 <= i && i <= N
    while (i < N)
      i++;
  } else {
#pragma TASS collective invariant A 0 <= i && i <= N
    while (i < N)
      i++;
#pragma TASS collective assert X i == N
    j = 1;
  }
#elif defined(INCOMPLETE)
  if (rank == 0) {
#pragma TASS collective invariant A 0 <= i && i <= N
    while (i < N)
      i++;
  }
#elif defined(SPLIT)
  if (rank == 0) {
#pragma TASS collective invariant A 0 <= i && i <= N && i == PROC[1]@main.i
    while (i < N)
      i++;
  } else {
#pragma TASS collective invariant A 0 <= i && i <= N && i == PROC[0]@main.i
    while (i < N)
      i += STEP;
  }
#else
#pragma TASS collective invariant A i == PROC[0]@main.i && 0 <= i && i <= lim
  while (i < lim)
    i++;
  j = i;
#endif
  MPI_Finalize();
  return 0;
}
