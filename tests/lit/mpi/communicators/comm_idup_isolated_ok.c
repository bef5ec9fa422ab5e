// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm d;
  MPI_Request r[2];
  int x = rank, y = -1, z = -1;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r[0]);
  MPI_Waitall(1, r, MPI_STATUSES_IGNORE);
  if (rank == 0) {
    int w = 5;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, d, &r[1]);
    MPI_Send(&w, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&y, 1, MPI_INT, 0, 0, d, MPI_STATUS_IGNORE);
    assert(z == 5 && y == 0);
  }
  MPI_Comm_free(&d);
  MPI_Finalize();
  return 0;
}
