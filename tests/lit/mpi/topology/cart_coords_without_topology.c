// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COMM at {{.*}}cart_coords_without_topology.c:11:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int c[1];
  /*@*/MPI_Cart_coords(MPI_COMM_WORLD, rank, 1, c);
  MPI_Finalize();
  return 0;
}
