// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank == 0;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 32767, MPI_COMM_WORLD);
  else MPI_Recv(&x, 1, MPI_INT, 0, 32767, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(x == 1);
  MPI_Finalize();
  return 0;
}
