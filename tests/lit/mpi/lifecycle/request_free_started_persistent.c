// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_ACTIVE_REQUEST_FREE at {{.*}}request_free_started_persistent.c:14:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int y = 0;
  MPI_Request r;
  MPI_Recv_init(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  MPI_Start(&r);
  /*@*/MPI_Request_free(&r);
  MPI_Finalize();
  return 0;
}
