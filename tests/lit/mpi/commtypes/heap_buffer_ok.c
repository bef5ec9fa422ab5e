// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *p = malloc(2 * sizeof(int));
  p[0] = 1; p[1] = 2;
  if (rank == 0) MPI_Send(p, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(p, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(p[0] + p[1] == 3); }
  free(p);
  MPI_Finalize();
  return 0;
}
