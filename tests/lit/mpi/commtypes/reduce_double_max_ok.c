// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x = rank * 1.5, m = 0;
  MPI_Allreduce(&x, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  assert(m == 3.0);
  MPI_Finalize();
  return 0;
}
