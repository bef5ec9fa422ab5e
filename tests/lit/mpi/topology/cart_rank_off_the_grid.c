// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}cart_rank_off_the_grid.c:13:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {2}, periods[1] = {0}, c[1] = {2}, r;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  /*@*/MPI_Cart_rank(cart, c, &r);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
