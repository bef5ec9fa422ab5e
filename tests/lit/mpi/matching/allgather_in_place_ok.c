// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[3] = {0, 0, 0};
  a[rank] = rank + 1;
  MPI_Allgather(MPI_IN_PLACE, 1, MPI_INT, a, 1, MPI_INT, MPI_COMM_WORLD);
  assert(a[0] == 1 && a[1] == 2 && a[2] == 3);
  MPI_Finalize();
  return 0;
}
