// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --allow-active-request-free | FileCheck %s
// CHECK: verdict: violation MPI_ACTIVE_REQUEST_FREE at {{.*}}request_free_ibarrier.c:12:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  /*@*/MPI_Request_free(&r);
  MPI_Finalize();
  return 0;
}
