// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned *p = malloc(2 * sizeof(unsigned));
  if (rank == 0) {
    p[0] = 4000000000u;
    p[1] = 1;
    MPI_Send(p, 2, MPI_UNSIGNED, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(p, 2, MPI_UNSIGNED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(p[0] == 4000000000u && p[1] == 1);
    MPI_Send(p, 2, MPI_UNSIGNED, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  }
  free(p);
  MPI_Finalize();
  return 0;
}
