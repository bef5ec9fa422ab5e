// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {7, -8}, y[2] = {0, 0};
  if (rank == 0)
    MPI_Send(x, 2 * sizeof(int), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(y, 2 * sizeof(int), MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y[0] == 7 && y[1] == -8);
  }
  MPI_Finalize();
  return 0;
}
