// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}gatherv_count_mismatch.c:11:3 (process 2)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v[3] = {rank, rank, rank}, all[7], rc[3] = {1, 2, 2}, dp[3] = {0, 1, 4};
  MPI_Gatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
