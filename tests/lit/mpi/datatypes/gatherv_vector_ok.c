// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype v;
  MPI_Type_vector(2, 1, 2, MPI_INT, &v);
  MPI_Type_commit(&v);
  int a[2] = {rank, rank + 5}, all[8], rc[2] = {1, 1}, dp[2] = {0, 1};
  for (int i = 0; i < 8; i++) all[i] = -1;
  MPI_Gatherv(a, 2, MPI_INT, all, rc, dp, v, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == -1 && all[2] == 5 && all[3] == 1 && all[5] == 6);
  MPI_Type_free(&v);
  MPI_Finalize();
  return 0;
}
