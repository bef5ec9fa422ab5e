// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int in[2] = {1, rank}, io[2] = {5, 7};
  MPI_Reduce_local(in, io, 2, MPI_INT, MPI_MAX);
  assert(io[0] == 5 && io[1] == 7);
  MPI_Reduce_local(in, io, 2, MPI_INT, MPI_SUM);
  assert(io[0] == 6 && io[1] == 7 + rank);
  MPI_Finalize();
  return 0;
}
