// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[3], b[3];
  for (int i = 0; i < 3; i++) a[i] = 10 * rank + i;
  MPI_Alltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < 3; i++) assert(b[i] == 10 * i + rank);
  MPI_Finalize();
  return 0;
}
