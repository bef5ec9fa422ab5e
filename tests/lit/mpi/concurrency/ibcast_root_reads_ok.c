// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = rank == 0 ? 4 : 0, t = 0;
  MPI_Request r;
  MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 0) t = v;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(v == 4 && (rank != 0 || t == 4));
  MPI_Finalize();
  return 0;
}
