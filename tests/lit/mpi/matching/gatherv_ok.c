// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v[3] = {rank, rank, rank}, all[7], rc[3] = {1, 2, 3}, dp[3] = {0, 1, 4};
  for (int i = 0; i < 7; i++) all[i] = -1;
  MPI_Gatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == 1 && all[2] == 1 && all[3] == -1 && all[6] == 2);
  MPI_Finalize();
  return 0;
}
