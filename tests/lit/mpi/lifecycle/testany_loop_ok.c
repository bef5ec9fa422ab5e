// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0, idx = -1, flag = 0;
  MPI_Request r[1];
  if (rank == 0) { MPI_Irecv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    while (!flag) MPI_Testany(1, r, &idx, &flag, MPI_STATUS_IGNORE);
    assert(idx == 0 && y == 1); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
