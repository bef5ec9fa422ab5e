// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int all[3] = {5, 6, 7}, x = 0;
  MPI_Scatter(all, 1, MPI_INT, &x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  assert(x == 5 + rank);
  MPI_Finalize();
  return 0;
}
