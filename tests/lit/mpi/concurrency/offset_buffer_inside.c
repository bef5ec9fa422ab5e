// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}offset_buffer_inside.c:14:10 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&b[2], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    b[0] = b[3]; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
  MPI_Finalize();
  return 0;
}
