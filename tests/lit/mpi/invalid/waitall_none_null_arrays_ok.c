// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Waitall(0, NULL, MPI_STATUSES_IGNORE);
  int flag = 0;
  MPI_Initialized(&flag);
  assert(flag);
  MPI_Finalize();
  return 0;
}
