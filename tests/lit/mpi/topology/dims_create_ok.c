// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[2] = {0, 0}, b[3] = {0, 0, 0}, c[3] = {0, 3, 0}, d[2] = {0, 0};
  MPI_Dims_create(24, 2, a);
  assert(a[0] == 6 && a[1] == 4);
  MPI_Dims_create(16, 3, b);
  assert(b[0] == 4 && b[1] == 2 && b[2] == 2);
  MPI_Dims_create(24, 3, c);
  assert(c[0] == 4 && c[1] == 3 && c[2] == 2);
  MPI_Dims_create(7, 2, d);
  assert(d[0] == 7 && d[1] == 1);
  MPI_Finalize();
  return 0;
}
