// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[3] = {rank, rank, 0}, s[3] = {0, 0, 0};
  MPI_Request r;
  MPI_Iallreduce(x, s, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int t = x[0];
  x[2] = t + 1;
  s[2] = 7;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  s[0] = s[0] + 1;
  x[0] = 3;
  assert(s[0] == size * (size - 1) / 2 + 1 && s[2] == 7);
  MPI_Finalize();
  return 0;
}
