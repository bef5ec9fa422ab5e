// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct { short v; int i; } in, out;
  in.v = (short)(10 - rank); in.i = rank;
  MPI_Reduce(&in, &out, 1, MPI_SHORT_INT, MPI_MINLOC, 1, MPI_COMM_WORLD);
  if (rank == 1) assert(out.v == 9 && out.i == 1);
  MPI_Finalize();
  return 0;
}
