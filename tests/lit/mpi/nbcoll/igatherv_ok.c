// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v[2] = {rank, rank}, all[3] = {-1, -1, -1}, rc[2] = {1, 2}, dp[2] = {0, 1};
  MPI_Request q;
  MPI_Igatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  if (rank == 0) assert(all[0] == 0 && all[1] == 1 && all[2] == 1);
  MPI_Finalize();
  return 0;
}
