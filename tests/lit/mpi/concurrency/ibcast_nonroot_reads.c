// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}ibcast_nonroot_reads.c:13:25 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = rank == 0 ? 4 : 0, t = 0;
  MPI_Request r;
  MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 1) /*@*/t = v;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
