// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int r[3] = {rank, 2, 3}, rc[2] = {2, 1};
  MPI_Reduce_scatter(MPI_IN_PLACE, r, rc, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 1 && r[1] == 2);
  else assert(r[0] == 3);
  MPI_Finalize();
  return 0;
}
