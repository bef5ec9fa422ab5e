// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}op_bor_on_double.c:12:8 (process 0)
// RUN: %expect-exit 10 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double d = 1.0, s = 0;
  /*@*/MPI_Allreduce(&d, &s, 1, MPI_DOUBLE, MPI_BOR, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
