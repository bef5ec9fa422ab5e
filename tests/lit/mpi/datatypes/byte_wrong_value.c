// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}byte_wrong_value.c:17:10 (process 1)
#include <mpi.h>
#include <assert.h>
#pragma TASS input
int K;
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = K, y = 0;
  if (rank == 0)
    MPI_Send(&x, sizeof x, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(&y, sizeof y, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /*@*/assert(y != 3);
  }
  MPI_Finalize();
  return 0;
}
