// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}op_max_on_derived_bool.c:14:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  _Bool b[2] = {1, 0}, s[2];
  MPI_Datatype two;
  MPI_Type_contiguous(2, MPI_C_BOOL, &two);
  MPI_Type_commit(&two);
  /*@*/MPI_Allreduce(b, s, 1, two, MPI_MAX, MPI_COMM_WORLD);
  MPI_Type_free(&two);
  MPI_Finalize();
  return 0;
}
