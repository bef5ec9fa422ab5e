// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}ibcast_wait_vs_recv_deadlock.c:13:76 (process 0)
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  int v = rank, y = 0;
  if (rank == 0) { MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r); /*@*/MPI_Wait(&r, MPI_STATUS_IGNORE); MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  if (rank == 1) { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  MPI_Finalize();
  return 0;
}
