// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 4, y = 0, r = -1, s = -1;
  MPI_Comm_rank(MPI_COMM_SELF, &r);
  MPI_Comm_size(MPI_COMM_SELF, &s);
  assert(r == 0 && s == 1);
  MPI_Sendrecv(&x, 1, MPI_INT, 0, 0, &y, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  assert(y == 4);
  MPI_Finalize();
  return 0;
}
