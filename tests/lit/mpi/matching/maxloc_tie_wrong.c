// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}maxloc_tie_wrong.c:13:23 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct { float v; int i; } in, out;
  in.v = 3.0f; in.i = rank;
  MPI_Reduce(&in, &out, 1, MPI_FLOAT_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
  if (rank == 0) /*@*/assert(out.i == 2);
  MPI_Finalize();
  return 0;
}
