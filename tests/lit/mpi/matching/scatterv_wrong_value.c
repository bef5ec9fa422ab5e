// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}scatterv_wrong_value.c:12:23 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int src[6] = {0, 1, 2, 3, 4, 5}, sc[3] = {1, 2, 3}, dp[3] = {0, 1, 3}, r[3] = {-1, -1, -1};
  MPI_Scatterv(src, sc, dp, MPI_INT, r, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 1) /*@*/assert(r[1] == 1);
  MPI_Finalize();
  return 0;
}
