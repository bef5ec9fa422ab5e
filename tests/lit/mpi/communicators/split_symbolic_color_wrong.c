// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}split_symbolic_color_wrong.c:16:8 (process 0)
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
  int color = rank == 0 ? (K > 5) : 1, ps;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &part);
  MPI_Comm_size(part, &ps);
  /*@*/assert(ps == size || rank != 0);
  MPI_Comm_free(&part);
  MPI_Finalize();
  return 0;
}
