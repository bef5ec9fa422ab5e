// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2, 0, &sub);
  int v = rank;
  if (rank < 2) MPI_Bcast(&v, 1, MPI_INT, 0, sub);
  else MPI_Barrier(sub);
  if (rank < 2) assert(v == 0);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
