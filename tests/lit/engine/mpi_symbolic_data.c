// Messages carry symbolic data: a pipeline 0 -> 1 -> 2 doubling an input;
// the last process checks the result against the input.
// (--float real: doubling is exact over the reals; chorus does not compute
// IEEE roundings of symbolic values: unknown with --float ieee)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_symbolic_data.c:34:5 (process 2)
// BAD: inputs:
// BAD: X = {{-?[1-9][0-9]*}}
#include <assert.h>
#include <mpi.h>

#pragma TASS input
double X;

int main(int argc, char **argv) {
  int rank;
  double v;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    v = X;
  } else {
    MPI_Recv(&v, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  v = 2 * v;
  if (rank < 2)
    MPI_Send(&v, 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD);
  else {
#ifndef BROKEN
    assert(v == 8 * X);
#else
    assert(v == 8 * X && v != 8);
#endif
  }
  MPI_Finalize();
  return 0;
}
