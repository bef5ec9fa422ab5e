// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --allow-active-request-free | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_REQUEST at {{.*}}free_request_twice.c:13:5 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Request_free(&r);
    MPI_Request_free(&r); /*@*/ }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
