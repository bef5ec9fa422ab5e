// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm d;
  MPI_Request r;
  int x = rank, y = -1, res = -1;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Comm_compare(MPI_COMM_WORLD, d, &res);
  assert(res == MPI_CONGRUENT);
  MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 0, &y, 1, MPI_INT, 1 - rank, 0, d, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
  MPI_Comm_free(&d);
  MPI_Finalize();
  return 0;
}
