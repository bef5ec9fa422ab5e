// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}iallreduce_write_sendbuf.c:14:13 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {rank, rank}, s[2];
  MPI_Request r;
  MPI_Iallreduce(x, s, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int t = x[1];
  /*@*/x[1] = t + 1;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
