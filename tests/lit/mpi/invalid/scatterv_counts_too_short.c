// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}scatterv_counts_too_short.c:11:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int src[2] = {1, 2}, sc[1] = {1}, dp[2] = {0, 1}, r;
  if (rank == 0) MPI_Scatterv(src, sc, dp, MPI_INT, &r, 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Scatterv(src, sc, dp, MPI_INT, &r, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
