// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_OP_MISMATCH at {{.*}}reduce_op_mismatch.c:11:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, s = 0;
  MPI_Reduce(&x, &s, 1, MPI_INT, rank == 0 ? MPI_SUM : MPI_MAX, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
