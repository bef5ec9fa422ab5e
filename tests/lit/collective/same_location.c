// Several collective assertions at one program point share one snapshot per
// process, and their conjunction is checked; a violation names the pragma
// that fails (its name, expression and line), not the first one there.
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DSECOND --quiet | FileCheck %s --check-prefix=SECOND
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=FIRST
// SECOND: verdict: violation COLLECTIVE_ASSERTION at {{.*}}same_location.c:27:14 (process 0)
// SECOND-NEXT: collective assertion RING of process 0 ('\forall int r{{.*}}left == r{{.*}}') may fail
// FIRST: verdict: violation COLLECTIVE_ASSERTION at {{.*}}same_location.c:26:14 (process 0)
// FIRST-NEXT: collective assertion SAME of process 0 ('count == 7') may fail
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DEVAL --quiet | FileCheck %s --check-prefix=EVAL
// EVAL: verdict: violation COLLECTIVE_ASSERTION at {{.*}}same_location.c:29:14 (process 0)
// EVAL-NEXT: collective assertion DIV cannot be evaluated: division by zero
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, nprocs, count = 7, left;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  left = (rank + nprocs - 1) % nprocs;
#ifdef SECOND
  if (rank == 1)
    left = 1;
#elif !defined(EVAL)
  count = 8;
#endif
#pragma TASS collective assert SAME count == 7
#pragma TASS collective assert RING \forall int r; 0 <= r < nprocs ==> PROC[(r + 1) % nprocs].left == r
#ifdef EVAL
#pragma TASS collective assert DIV count / (left - left) == 1
#endif
  MPI_Finalize();
  return 0;
}
