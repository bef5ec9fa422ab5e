// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  int flag = 0, i = 0;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  while (!flag && i < 3) { MPI_Test(&r, &flag, MPI_STATUS_IGNORE); i++; }
  if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(r == MPI_REQUEST_NULL);
  MPI_Finalize();
  return 0;
}
