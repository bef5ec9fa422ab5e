// A process that ends with exit() (or _Exit) after MPI_Init and without
// MPI_Finalize: MPI_USAGE, as for a return from main (MPI 3.1 §8.7: every
// process calls MPI_Finalize before it exits). mpirun reports the real run
// as an abnormal termination and fails; chorus verified it (exit() skipped
// the end-of-run checks). exit() after MPI_Finalize is fine, and memory
// still allocated at exit() is not a leak.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DQUICK | FileCheck %s --check-prefix=QUICK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DFINALIZED | FileCheck %s --check-prefix=OK
// RUN: not %native -n 2 %s
// RUN: %expect-exit 0 %native -n 2 -DFINALIZED %s
// CHECK: verdict: violation MPI_USAGE at {{.*}}exit_without_finalize.c:32:5 (process 1)
// CHECK-NEXT: process terminated without calling MPI_Finalize
// QUICK: verdict: violation MPI_USAGE at {{.*}}exit_without_finalize.c:30:5 (process 1)
// OK: verdict: verified
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *work = malloc(4 * sizeof(int));
  work[0] = rank;
  if (rank == 1) { /* "bad input": give up */
#ifdef FINALIZED
    MPI_Finalize();
    exit(0);
#elif defined QUICK
    _Exit(0);
#else
    exit(0);
#endif
  }
  free(work);
  MPI_Finalize();
  return 0;
}
