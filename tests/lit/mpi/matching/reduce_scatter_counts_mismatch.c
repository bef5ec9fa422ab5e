// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}reduce_scatter_counts_mismatch.c:12:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[3] = {1, 2, 3}, r[3], rc[2] = {1, 2};
  if (rank == 1) { rc[0] = 2; rc[1] = 1; }
  MPI_Reduce_scatter(s, r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
