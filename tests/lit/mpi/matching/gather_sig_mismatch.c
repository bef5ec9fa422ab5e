// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}gather_sig_mismatch.c:11:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {rank, rank}, all[4];
  MPI_Gather(x, 1, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
