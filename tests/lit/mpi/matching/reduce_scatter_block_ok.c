// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[2] = {1, 2}, b = 0;
  MPI_Reduce_scatter_block(a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(b == 2 * (rank + 1));
  MPI_Finalize();
  return 0;
}
