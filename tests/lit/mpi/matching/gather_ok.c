// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank * 2, all[3];
  MPI_Gather(&x, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == 2 && all[2] == 4);
  MPI_Finalize();
  return 0;
}
