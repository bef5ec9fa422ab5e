// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[2] = {rank, rank + 10}, r[2] = {-1, -1};
  int c[2] = {1, 1}, d[2] = {0, 1};
  MPI_Request q;
  MPI_Ialltoallv(s, c, d, MPI_INT, r, c, d, MPI_INT, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  assert(r[0] == rank * 10 && r[1] == 1 + rank * 10);
  MPI_Finalize();
  return 0;
}
