// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}reduce_symbolic_wrong.c:14:3 (process 0)
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
  assert(s > K); /*@*/
  MPI_Finalize();
  return 0;
}
