// verify --contract f (issue 11, seed 002 §3.3): `\mpi_on(e, r)` under a
// guard that the precondition contradicts. `left >= 0 ==> \mpi_on(right,
// left) == \mpi_comm_rank` with left fixed to -1 by another clause: the
// implication holds whatever rank \mpi_on would read (no rank is possible
// for r = -1, and none is needed). Decision: under a path condition that
// the guard makes unsatisfiable any rank is read (the value is irrelevant);
// before, the run stopped with `unknown (... no rank possible)`.
//
// RUN: %expect-exit 0 %chorus verify %s --contract shift -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// The broken variant (-DWRONG: the ghost is not kept when there is no left
// neighbour) is refuted with the postcondition's clause, process 0.
// RUN: %expect-exit 1 %chorus verify %s --contract shift -n 2 -DWRONG --quiet | FileCheck %s --check-prefix=WRONG
// WRONG: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}guarded_on.c:27:7 (process 0)
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires left == -1 && right == -1;
      requires \valid(u + (0 .. 1));
      requires -1 <= left < \mpi_comm_size && -1 <= right < \mpi_comm_size;
      requires left >= 0 ==> \mpi_on(right, left) == \mpi_comm_rank;
      requires right >= 0 ==> \mpi_on(left, right) == \mpi_comm_rank;
      assigns u[0];
      ensures left >= 0 ==> u[0] == \mpi_on(\old(u[1]), left);
      ensures left < 0 ==> u[0] == \old(u[0]);
*/
void shift(double *u, int left, int right) {
  double g = u[0];
  if (left >= 0)
    MPI_Recv(&g, 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (right >= 0)
    MPI_Send(&u[1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
#ifdef WRONG
  g = u[1];
#endif
  u[0] = g;
}
