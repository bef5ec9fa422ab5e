// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank == 2, o = 0;
  MPI_Allreduce(&x, &o, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  assert(o == 1);
  MPI_Finalize();
  return 0;
}
