// TASS-style PID and NPROCS (seed 000 Fig. 1) without MPI calls for the
// rank; an input bounded by NPROCS.
// RUN: %expect-exit 0 %chorus verify %s -n 1..4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1..4 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_pid_nprocs.c:27:22 (process 1)
// BAD: (2 processes)
#include <chorus.h>
#include <mpi.h>

#pragma TASS input {B >= NPROCS && B <= 2 * NPROCS}
int B;

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != PID)
    return 1;
  int first = PID * B / NPROCS;
  int last = (PID + 1) * B / NPROCS;
  int block[2];
#ifdef BROKEN
  last = last + (PID == 1);
#endif
  for (int i = first; i < last; i++)
    block[i - first] = i;
  MPI_Finalize();
  return 0;
}
