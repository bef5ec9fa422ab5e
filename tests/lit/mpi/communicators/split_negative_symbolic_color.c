// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}split_negative_symbolic_color.c:13:8 (process 0)
#include <mpi.h>
#include <assert.h>
#pragma TASS input
int K;
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm part;
  /*@*/MPI_Comm_split(MPI_COMM_WORLD, K > 7 ? -3 : rank, 0, &part);
  MPI_Comm_free(&part);
  MPI_Finalize();
  return 0;
}
