// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = rank * 10, all[3] = {5, -1, -1}, rc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  if (rank == 0) MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  else MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 5 && all[1] == 10 && all[2] == 20);
  MPI_Finalize();
  return 0;
}
