// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COUNT at {{.*}}pack_does_not_fit.c:13:8 (process 0)
// RUN: %expect-exit 15 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char b[4];
  int pos = 0, x[2] = {1, 2};
  /*@*/MPI_Pack(x, 2, MPI_INT, b, 4, &pos, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
