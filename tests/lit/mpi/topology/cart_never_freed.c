// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RESOURCE_LEAK at {{.*}}cart_never_freed.c:13:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {2}, periods[1] = {0};
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  /*@*/MPI_Finalize();
  return 0;
}
