// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double a[2] = {0, 0};
  if (rank == 0) { a[0] = 0.5; a[1] = 0.25; }
  MPI_Bcast(a, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  assert(a[0] + a[1] == 0.75);
  MPI_Finalize();
  return 0;
}
