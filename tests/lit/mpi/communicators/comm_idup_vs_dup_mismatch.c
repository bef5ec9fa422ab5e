// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation COLLECTIVE_MISMATCH at {{.*}}comm_idup_vs_dup_mismatch.c:16:10 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm d;
  MPI_Request r;
  if (rank == 0) {
    MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else
    /*@*/MPI_Comm_dup(MPI_COMM_WORLD, &d);
  MPI_Comm_free(&d);
  MPI_Finalize();
  return 0;
}
