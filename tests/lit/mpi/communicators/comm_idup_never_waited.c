// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_REQUEST_LEAK at {{.*}}comm_idup_never_waited.c:13:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm d;
  MPI_Request r;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
  /*@*/MPI_Finalize();
  return 0;
}
