// An MPI call before MPI_Init (MPI_Initialized is allowed).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_USAGE at {{.*}}mpi_before_init.c:16:3 (process 0)
// BAD: before MPI_Init
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank = 0, flag = 1;
  MPI_Initialized(&flag);
  if (flag)
    return 1;
#ifdef BROKEN
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Initialized(&flag);
  assert(flag && rank >= 0);
  MPI_Finalize();
  return 0;
}
