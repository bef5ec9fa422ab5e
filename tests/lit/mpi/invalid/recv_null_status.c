// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}recv_null_status.c:15:10 (process 1)
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else
    /*@*/MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, NULL);
  MPI_Finalize();
  return 0;
}
