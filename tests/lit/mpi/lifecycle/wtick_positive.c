// MPI_Wtick is the resolution of MPI_Wtime in seconds, a positive number
// (MPI 3.1 §8.6; Open MPI: 1e-09). Before, it was 0 and `assert(tick >
// 0.0)` was a false ASSERTION (found by the new-user trial).
// RUN: %native -n 2 %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s -n 2 --print-output | FileCheck %s --check-prefixes=OUT,OK
// OUT: tick 1e-09
// OK: verdict: verified
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double tick = MPI_Wtick();
  assert(tick > 0.0 && tick < 1.0);
  if (rank == 0)
    printf("tick %g\n", tick);
  MPI_Finalize();
  return 0;
}
