// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}test_null_flag.c:14:8 (process 0)
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int y = 0;
  MPI_Request r;
  MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  /*@*/MPI_Test(&r, NULL, MPI_STATUS_IGNORE);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
