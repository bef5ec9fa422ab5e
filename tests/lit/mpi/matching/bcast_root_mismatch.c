// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_ROOT_MISMATCH at {{.*}}bcast_root_mismatch.c:11:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0;
  MPI_Bcast(&x, 1, MPI_INT, rank == 0 ? 0 : 1, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
