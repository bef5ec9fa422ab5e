// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}irecv_bytes_write_too_early.c:18:15 (process 1)
// The report names the call that made the request.
// CHECK-NEXT: write to the buffer of a pending receive (the receive request made at {{.*}}irecv_bytes_write_too_early.c:17:5) before it completed
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[4] = {0, 0, 0, 0}, x[2] = {1, 2};
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(x, 2 * sizeof(int), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(a, 2 * sizeof(int), MPI_BYTE, 0, 0, MPI_COMM_WORLD, &r);
    /*@*/a[1] = 9;
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
