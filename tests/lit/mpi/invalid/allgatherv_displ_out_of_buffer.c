// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}allgatherv_displ_out_of_buffer.c:11:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = rank, all[2], rc[2] = {1, 1}, dp[2] = {0, 2};
  MPI_Allgatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
