// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_REQUEST_LEAK at {{.*}}isend_never_waited.c:16:3 (process 0)
// The report names the call that made the request.
// CHECK-NEXT: MPI_Finalize with the send request made at {{.*}}isend_never_waited.c:14:18 never completed
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
