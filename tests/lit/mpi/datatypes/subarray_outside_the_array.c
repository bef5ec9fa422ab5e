// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}subarray_outside_the_array.c:13:8 (process 0)
// RUN: %expect-exit 13 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int sizes[1] = {4}, subs[1] = {3}, starts[1] = {2};
  MPI_Datatype t;
  /*@*/MPI_Type_create_subarray(1, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t);
  MPI_Finalize();
  return 0;
}
