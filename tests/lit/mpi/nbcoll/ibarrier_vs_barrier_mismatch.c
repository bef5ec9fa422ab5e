// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation COLLECTIVE_MISMATCH at {{.*}}ibarrier_vs_barrier_mismatch.c:12:13 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  if (rank == 0) { MPI_Ibarrier(MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  else /*@*/MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
