// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 5, y[2] = {0, 0};
  MPI_Request r[2];
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); }
  else { MPI_Recv_init(&y[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]); MPI_Recv_init(&y[1], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Startall(2, r); MPI_Waitall(2, r, MPI_STATUSES_IGNORE); assert(y[0] == 5 && y[1] == 5);
    MPI_Request_free(&r[0]); MPI_Request_free(&r[1]); }
  MPI_Finalize();
  return 0;
}
