// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_REQUEST at {{.*}}request_bogus_wait.c:11:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r = (MPI_Request)0x5000123;
  MPI_Wait(&r, MPI_STATUS_IGNORE); /*@*/
  MPI_Finalize();
  return 0;
}
