// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 3 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {0}, periods[1] = {1}, src, dst, got = -1, cr;
  MPI_Comm ring;
  MPI_Dims_create(size, 1, dims);
  assert(dims[0] == size);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Comm_rank(ring, &cr);
  MPI_Cart_shift(ring, 0, 1, &src, &dst);
  assert(src == (cr + size - 1) % size && dst == (cr + 1) % size);
  MPI_Sendrecv(&cr, 1, MPI_INT, dst, 0, &got, 1, MPI_INT, src, 0, ring, MPI_STATUS_IGNORE);
  assert(got == src);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
