// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}waitany_other_still_pending.c:14:7 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y[2] = {0, 0}, idx = -1;
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    x = y[0] + y[1]; /*@*/
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
