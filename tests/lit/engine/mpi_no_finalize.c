// A process that returns from main without MPI_Finalize (here: an early
// return on one rank).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_USAGE at {{.*}}mpi_no_finalize.c:19:5 (process 1)
// BAD: without calling MPI_Finalize
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
#ifndef BROKEN
    MPI_Finalize();
#endif
    return 0;
  }
  int done = 1;
  MPI_Finalized(&done);
  assert(rank == 0 && !done);
  MPI_Finalize();
  return 0;
}
