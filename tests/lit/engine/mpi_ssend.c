// MPI_Ssend waits for the matching receive even in buffered mode: a
// head-to-head exchange with Ssend deadlocks; ordered by rank it does not.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_ssend.c:20:5 (process 0)
// BAD: process 0 blocked in a send to process 1 that waits for its receive; process 1 blocked in a send to process 0
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, other, out, in;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  other = 1 - rank;
  out = rank;
#ifndef BROKEN
  if (rank == 0) {
#endif
    MPI_Ssend(&out, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef BROKEN
  } else {
    MPI_Recv(&in, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(&out, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
  }
#endif
  assert(in == other);
  MPI_Finalize();
  return 0;
}
