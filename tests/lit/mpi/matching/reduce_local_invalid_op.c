// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}reduce_local_invalid_op.c:11:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int in[1] = {rank}, io[1] = {1};
  /*@*/MPI_Reduce_local(in, io, 1, MPI_INT, MPI_OP_NULL);
  MPI_Finalize();
  return 0;
}
