// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}test_false_then_read.c:14:7 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, y = 0, flag = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    x = y; /*@*/
    if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE); }
  MPI_Finalize();
  return 0;
}
