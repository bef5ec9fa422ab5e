// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --allow-active-request-free | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    assert(r == MPI_REQUEST_NULL);
  }
  MPI_Finalize();
  return 0;
}
