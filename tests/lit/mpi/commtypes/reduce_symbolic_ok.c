// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
#pragma TASS input {K >= -1000 && K <= 1000}
int K;
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = K + rank, s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(s == 2 * K + 1);
  MPI_Finalize();
  return 0;
}
