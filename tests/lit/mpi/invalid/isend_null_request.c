// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}isend_null_request.c:12:8 (process 0)
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank;
  /*@*/MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, NULL);
  MPI_Finalize();
  return 0;
}
