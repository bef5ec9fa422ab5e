// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_REQUEST at {{.*}}null_request_wait.c:12:3 (process 0)
// RUN: %expect-exit 139 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r = NULL;
  MPI_Wait(&r, MPI_STATUS_IGNORE); /*@*/
  MPI_Finalize();
  return 0;
}
