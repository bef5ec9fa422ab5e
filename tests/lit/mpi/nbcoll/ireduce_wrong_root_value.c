// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}ireduce_wrong_root_value.c:14:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  int a = rank, s = -1;
  MPI_Ireduce(&a, &s, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  /*@*/assert(s == 1);
  MPI_Finalize();
  return 0;
}
