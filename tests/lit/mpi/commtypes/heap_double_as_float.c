// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_BUFFER_TYPE_MISMATCH at {{.*}}heap_double_as_float.c:15:10 (process 0)
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *p = malloc(sizeof(double));
  float f;
  p[0] = 2.5;
  if (rank == 0)
    /*@*/MPI_Send(p, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(&f, 1, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  free(p);
  MPI_Finalize();
  return 0;
}
