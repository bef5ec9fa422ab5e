// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  _Bool b = rank == 1, s = 0;
  MPI_Allreduce(&b, &s, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);
  assert(s == 1);
  MPI_Finalize();
  return 0;
}
