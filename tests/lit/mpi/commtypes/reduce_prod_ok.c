// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long x = rank + 1, p = 0;
  MPI_Reduce(&x, &p, 1, MPI_LONG, MPI_PROD, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(p == 6);
  MPI_Finalize();
  return 0;
}
