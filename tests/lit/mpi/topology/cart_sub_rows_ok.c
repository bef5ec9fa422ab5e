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
  int dims[2] = {2, 2}, periods[2] = {0, 0}, remain[2] = {0, 1}, c[2], cr, sum = -1, rs;
  MPI_Comm grid, row;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &cr);
  MPI_Cart_coords(grid, cr, 2, c);
  MPI_Cart_sub(grid, remain, &row);
  MPI_Comm_size(row, &rs);
  assert(rs == 2);
  MPI_Allreduce(&cr, &sum, 1, MPI_INT, MPI_SUM, row);
  assert(sum == 4 * c[0] + 1);
  int nd;
  MPI_Cartdim_get(row, &nd);
  assert(nd == 1);
  MPI_Comm_free(&row);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
