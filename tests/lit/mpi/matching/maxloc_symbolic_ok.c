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
  struct { long v; int i; } in[2], out[2];
  in[0].v = K + rank; in[0].i = rank; in[1].v = -rank; in[1].i = rank;
  MPI_Allreduce(in, out, 2, MPI_LONG_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  assert(out[0].v == K + 1 && out[0].i == 1 && out[1].v == 0 && out[1].i == 0);
  MPI_Finalize();
  return 0;
}
