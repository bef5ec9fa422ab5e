// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 4 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[2] = {0, 0}, periods[2] = {0, 1}, c[2], cr, r2;
  MPI_Dims_create(size, 2, dims);
  assert(dims[0] == 2 && dims[1] == 2);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &cr);
  MPI_Cart_coords(grid, cr, 2, c);
  MPI_Cart_rank(grid, c, &r2);
  assert(r2 == cr && cr == 2 * c[0] + c[1]);
  int nb[4] = {-1, -1, -1, -1}, s0, d0, s1, d1;
  MPI_Neighbor_allgather(&cr, 1, MPI_INT, nb, 1, MPI_INT, grid);
  MPI_Cart_shift(grid, 0, 1, &s0, &d0);
  MPI_Cart_shift(grid, 1, 1, &s1, &d1);
  assert(nb[0] == (s0 == MPI_PROC_NULL ? -1 : s0) && nb[1] == (d0 == MPI_PROC_NULL ? -1 : d0));
  assert(nb[2] == s1 && nb[3] == d1);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
