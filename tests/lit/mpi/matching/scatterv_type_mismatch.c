// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}scatterv_type_mismatch.c:14:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double src[3] = {0, 1, 2}, r = -1;
  int sc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  int ri = 0;
  if (rank == 0) MPI_Scatterv(src, sc, dp, MPI_DOUBLE, &r, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  else MPI_Scatterv(src, sc, dp, MPI_DOUBLE, &ri, 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
