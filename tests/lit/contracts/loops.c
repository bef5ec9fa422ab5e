// verify --contract f (issue 11): termination is part of conformance
// (seed 002 Def. 2.6, total correctness). A loop whose exit depends on a
// free input that the precondition does not bound (`i < n` with only
// n >= 0 required) cannot be unrolled to its end: the verdict is unknown
// naming the loop and the input (until collective loop invariants make such
// a loop provable), never verified and never a time-out.
// RUN: %expect-exit 2 %chorus verify %s --contract count -n 1..2 --quiet | FileCheck %s --check-prefix=FREE
// FREE: verdict: unknown (unsupported: the loop at {{.*}}loops.c:36:3: its exit depends on 'n@0', which the precondition does not bound
//
// With the input bounded by the precondition the loop is unrolled: verified,
// and the broken variant (-DWRONG: one iteration too many) refuted with the
// postcondition's clause.
// RUN: %expect-exit 0 %chorus verify %s --contract count -n 1..3 -DBOUNDED --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract count -n 2 -DBOUNDED -DWRONG --quiet | FileCheck %s --check-prefix=WRONG
// WRONG: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}loops.c:29:7 (process 0)
#include <mpi.h>

#ifdef BOUNDED
#define PRE 0 <= n <= 3
#else
#define PRE n >= 0
#endif
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires PRE;
      requires \mpi_agree(n);
      assigns \nothing;
      ensures \result == n;
*/
int count(int n) {
  int c = 0;
#ifdef WRONG
  for (int i = 0; i <= n; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    c++;
  return c;
}
