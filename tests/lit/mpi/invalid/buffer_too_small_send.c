// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}buffer_too_small_send.c:11:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[2] = {1, 2};
  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
