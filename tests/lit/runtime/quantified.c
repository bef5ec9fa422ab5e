// Quantified collective assertions in a real run: `forall {int r | cond}`
// and `exists` (TASS) and `\forall int r; ... ==> ...`, `\exists int r;
// ... && ...` (ACSL) over an integer range bounded by the condition, the
// bound variable used as a rank (PROC[r].x, PROC[(r + 1) % nprocs].x) or in
// arithmetic, or as an index into an array of the asserting rank (the array
// is copied into the snapshot; tests/lit/runtime/arrays.c). The checker
// loops over the range, reading the ranks' k-th snapshots (it stops at the
// first value that decides the quantifier). An element of a two-dimensional
// array at indices the checker computes is named as not checked. Each broken
// variant is reported at the verifier's line; the verifier is run on it too.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s --check-prefix=CC
// RUN: %mpirun -n 3 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 5 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VOK
// CC: quantified.c:52:71: warning: chorus cc: this collective assertion is not checked at run time: an element of an array that is not one rank's
// OK-NOT: violation
// OK: chorus-rt: {{[0-9]+}} collective assertion instances checked
// OK: views not checked: a pragma of their collective assertion is not checkable at run time
// VOK: verdict: verified
// RUN: %chorus cc -g %s -o %t.same -DBAD_COUNT 2>/dev/null
// RUN: %expect-exit 1 %mpirun -n 3 %t.same 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD_COUNT --quiet | FileCheck %s --check-prefix=VSAME
// SAME: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}quantified.c:46 (rank 0): collective assertion SAME of rank 0 ('forall { int r | 0 <= r && r < nprocs } PROC[r].count == count') is false
// VSAME: verdict: violation COLLECTIVE_ASSERTION at {{.*}}quantified.c:46:14 (process 0)
// RUN: %chorus cc -g %s -o %t.ring -DBAD_LEFT 2>/dev/null
// RUN: %expect-exit 1 %mpirun -n 3 %t.ring 2>&1 | FileCheck %s --check-prefix=RING
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD_LEFT --quiet | FileCheck %s --check-prefix=VRING
// RING: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}quantified.c:50 (rank 0): collective assertion RING of rank 0 ('\forall int r; 0 <= r < nprocs ==> PROC[(r + 1) % nprocs].left == r')
// VRING: verdict: violation COLLECTIVE_ASSERTION at {{.*}}quantified.c:50:14 (process 0)
#include <mpi.h>
#include <chorus.h>
int main(int argc, char **argv) {
  int rank, nprocs, count = 7, left, b[3] = {0, 1, 2}, m[2][2] = {{1, 0}, {0, 1}};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  left = (rank + nprocs - 1) % nprocs;
#ifdef BAD_COUNT
  if (rank == nprocs - 1)
    count = 8;
#endif
#ifdef BAD_LEFT
  if (rank == 1)
    left = 1;
#endif
#pragma TASS collective assert SAME forall {int r | 0 <= r && r < nprocs} PROC[r].count == count
#pragma TASS collective assert SOME exists {int r | 0 <= r && r < nprocs} PROC[r].rank == nprocs - 1
#pragma TASS collective assert LAST \exists int r; 0 <= r < nprocs && PROC[r].rank + 1 == nprocs
#pragma TASS collective assert SUM \forall int r; 0 <= r < nprocs ==> PROC[r].count * r >= 7 * r
#pragma TASS collective assert RING \forall int r; 0 <= r < nprocs ==> PROC[(r + 1) % nprocs].left == r
#pragma TASS collective assert OWN \forall int i; 0 <= i < 3 ==> b[i] == i
#pragma TASS collective assert DIAG \forall int i; 0 <= i < 2 ==> m[i][i] == 1
  MPI_Finalize();
  return 0;
}
