// An MPI call after MPI_Finalize.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_USAGE at {{.*}}mpi_after_finalize.c:19:3 (process 0)
// BAD: after MPI_Finalize
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank = -1;
  MPI_Init(&argc, &argv);
#ifndef BROKEN
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
#ifdef BROKEN
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
  assert(rank == 0 || rank == 1);
  return 0;
}
