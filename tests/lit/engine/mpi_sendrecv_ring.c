// A ring shift: with MPI_Sendrecv it cannot deadlock; with Send then Recv
// on every process it is a potential deadlock (every send waits).
// RUN: %expect-exit 0 %chorus verify %s -n 2..4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet -DBROKEN --deadlock absolute | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mpi_sendrecv_ring.c:23:3 (process 0)
// BAD: (3 processes, each standard-mode send buffered or synchronous)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, mine, got = -1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  mine = 10 * rank;
#ifndef BROKEN
  MPI_Sendrecv(&mine, 1, MPI_INT, right, 7, &got, 1, MPI_INT, left, 7, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#else
  MPI_Send(&mine, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
  MPI_Recv(&got, 1, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  assert(got == 10 * left);
  MPI_Finalize();
  return 0;
}
