// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    for (int i = 0; i < 2; i++) { x = i; MPI_Start(&r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  } else {
    MPI_Recv_init(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    for (int i = 0; i < 2; i++) { MPI_Start(&r); MPI_Wait(&r, MPI_STATUS_IGNORE); assert(y == i); }
  }
  MPI_Request_free(&r);
  MPI_Finalize();
  return 0;
}
