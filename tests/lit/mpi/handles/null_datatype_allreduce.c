// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_DATATYPE at {{.*}}null_datatype_allreduce.c:13:3 (process 0)
// RUN: %expect-exit 139 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t = NULL;
  int x = 1, y;
  MPI_Allreduce(&x, &y, 1, t, MPI_SUM, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
