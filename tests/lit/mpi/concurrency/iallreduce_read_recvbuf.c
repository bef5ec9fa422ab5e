// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}iallreduce_read_recvbuf.c:13:10 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, s = 0, t;
  MPI_Request r;
  MPI_Iallreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  /*@*/t = s;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
