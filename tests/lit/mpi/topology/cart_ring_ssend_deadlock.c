// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}cart_ring_ssend_deadlock.c:14:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {3}, periods[1] = {1}, src, dst, x = rank, y;
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Cart_shift(ring, 0, 1, &src, &dst);
  /*@*/MPI_Ssend(&x, 1, MPI_INT, dst, 0, ring);
  MPI_Recv(&y, 1, MPI_INT, src, 0, ring, MPI_STATUS_IGNORE);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
