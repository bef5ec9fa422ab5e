// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --allow-active-request-free | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}request_free_active_recv_read_early.c:17:12 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, y = 0, t;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    /*@*/t = y;
  }
  MPI_Finalize();
  return 0;
}
