// Collective loop invariants (seed 004 §2), checked within the bounded
// exploration as collective assertions at EVERY arrival at the loop head —
// the entry, after each iteration, and the arrival that exits the loop: the
// k-th arrivals of all processes form one composite state (seed 000 Def.
// 3-4). Processes are never synchronized at the loop: here they exchange a
// message each iteration and may be at different iterations.
//
// RUN: %expect-exit 0 %chorus verify %s -n 2..3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// Each process adds its rank: s differs between processes after the first
// iteration.
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DRANK --quiet | FileCheck %s --check-prefix=RANK
// RANK: verdict: violation COLLECTIVE_INVARIANT at {{.*}}invariant.c:35:14 (process 0)
// RANK-NEXT: collective invariant I of process {{[01]}} ('s == PROC[(rank + 1) % nprocs].s && i == PROC[0].i') may fail
// RANK: composite state of collective invariant I:
//
// An invariant that holds in every iteration but not at the arrival that
// exits the loop (i == 3):
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DEXIT --quiet | FileCheck %s --check-prefix=EXIT
// EXIT: verdict: violation COLLECTIVE_INVARIANT at {{.*}}invariant.c:33:14 (process 0)
// EXIT-NEXT: collective invariant J of process 0 ('i < 3') may fail
// EXIT: process 0: snapshot at move {{[0-9]+}} ({{.*}}invariant.c:33:14); i = 3
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, nprocs, i = 0, s = 0, in = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int right = (rank + 1) % nprocs, left = (rank + nprocs - 1) % nprocs;
#ifdef EXIT
#pragma TASS collective invariant J i < 3
#else
#pragma TASS collective invariant I s == PROC[(rank + 1) % nprocs].s && i == PROC[0].i
#endif
  while (i < 3) {
    MPI_Sendrecv(&s, 1, MPI_INT, right, 0, &in, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
#ifdef RANK
    s = s + rank;
#else
    s = s + 1;
#endif
    i++;
  }
  MPI_Finalize();
  return 0;
}
