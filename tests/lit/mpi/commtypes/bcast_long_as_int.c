// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_BUFFER_TYPE_MISMATCH at {{.*}}bcast_long_as_int.c:11:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long v = 7;
  /*@*/MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
