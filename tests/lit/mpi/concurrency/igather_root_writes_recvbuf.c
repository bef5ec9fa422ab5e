// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igather_root_writes_recvbuf.c:13:30 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, all[2] = {0, 0};
  MPI_Request r;
  MPI_Igather(&x, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 0) /*@*/all[1] = 9;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
