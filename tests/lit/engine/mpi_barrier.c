// Barrier: every process must reach it; one process skipping it leaves the
// others blocked forever.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_barrier.c:23:5 (process 0)
// BAD: process 0 blocked in a collective operation
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, passed = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef BROKEN
  int skip = 2;
#else
  int skip = -1;
#endif
  for (int round = 0; round < 2; round++) {
    if (rank == skip && round == 1)
      break;
    MPI_Barrier(MPI_COMM_WORLD);
    passed++;
  }
  assert(passed == 2 || rank == skip);
  MPI_Finalize();
  return 0;
}
