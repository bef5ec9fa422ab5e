// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COMM at {{.*}}cart_excluded_rank_comm_null.c:16:10 (process 2)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {2}, periods[1] = {0}, r;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  if (rank < 2)
    MPI_Comm_free(&cart);
  else
    /*@*/MPI_Comm_rank(cart, &r);
  MPI_Finalize();
  return 0;
}
