// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet --allow-active-request-free | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = -1, z = -1;
  MPI_Request r;
  if (rank != 0) {
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    MPI_Recv(&z, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y + z == 3 && y != z);
  }
  MPI_Finalize();
  return 0;
}
