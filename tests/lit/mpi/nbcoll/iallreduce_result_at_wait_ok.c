// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r;
  int x = rank + 1, s = 0;
  MPI_Iallreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int y = x; /* reading the send buffer before the Wait is allowed (MPI 3.1 5.12) */
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  x = 100;
  assert(s == 6 && y == rank + 1);
  MPI_Finalize();
  return 0;
}
