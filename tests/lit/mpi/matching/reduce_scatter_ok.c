// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[3] = {1, 2, 3}, r[2] = {-1, -1}, rc[2] = {1, 2};
  MPI_Reduce_scatter(s, r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 2);
  else assert(r[0] == 4 && r[1] == 6);
  MPI_Finalize();
  return 0;
}
