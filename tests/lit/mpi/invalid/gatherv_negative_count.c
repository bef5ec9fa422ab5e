// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COUNT at {{.*}}gatherv_negative_count.c:11:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = 1, all[2], rc[2] = {1, -1}, dp[2] = {0, 1};
  if (rank == 0) MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
