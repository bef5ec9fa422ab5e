// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {rank, rank}, y[2] = {0, 0};
  MPI_Request r[2];
  MPI_Irecv(y, 2, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(x, 2, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  x[0] = y[0] + y[1];
  assert(x[0] == 2 * (1 - rank));
  MPI_Finalize();
  return 0;
}
