// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --deadlock both | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  int x = rank, y = -1;
  if (rank == 1) MPI_Ibarrier(MPI_COMM_WORLD, &r);
  if (rank == 1) MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Ibarrier(MPI_COMM_WORLD, &r); }
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == rank - 1);
  MPI_Finalize();
  return 0;
}
