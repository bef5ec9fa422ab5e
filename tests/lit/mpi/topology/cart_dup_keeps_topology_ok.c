// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {2}, periods[1] = {0}, d[1], p[1], c[1], st;
  MPI_Comm cart, dup;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &cart);
  MPI_Comm_dup(cart, &dup);
  MPI_Topo_test(dup, &st);
  assert(st == MPI_CART);
  MPI_Cart_get(dup, 1, d, p, c);
  assert(d[0] == 2 && p[0] == 0 && c[0] == rank);
  MPI_Topo_test(MPI_COMM_WORLD, &st);
  assert(st == MPI_UNDEFINED);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
