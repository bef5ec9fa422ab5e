// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}darray_grid_of_other_size.c:13:8 (process 0)
// RUN: %expect-exit 13 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int g[1] = {8}, d[1] = {MPI_DISTRIBUTE_BLOCK}, a[1] = {MPI_DISTRIBUTE_DFLT_DARG}, ps[1] = {3};
  MPI_Datatype t;
  /*@*/MPI_Type_create_darray(2, rank, 1, g, d, a, ps, MPI_ORDER_C, MPI_INT, &t);
  MPI_Finalize();
  return 0;
}
