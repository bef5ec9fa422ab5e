// `requires` is checked at every call (PRECONDITION, at the call site, in
// the calling process), against the arguments and globals at the call; a
// symbolic argument gives the counterexample input.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DZERO --quiet | FileCheck %s --check-prefix=ZERO
// ZERO: verdict: violation PRECONDITION at {{.*}}requires.c:42:7 (process 0)
// ZERO-NEXT: the precondition 'requires n > 0 ({{.*}}requires.c:30:5)' of 'f' may not hold at this call
// ZERO: contract of f: n = 0
//
// A call whose argument comes from a symbolic input: the model of the
// violation gives the input.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DINPUT --quiet | FileCheck %s --check-prefix=INPUT
// INPUT: verdict: violation PRECONDITION at {{.*}}requires.c:44:7 (process 0)
// INPUT-NEXT: the precondition 'requires k <= limit ({{.*}}requires.c:31:5)' of 'f' may not hold at this call
// INPUT: inputs:
// INPUT-NEXT: m = {{[6-9]|10}}
//
// The second process calls with the wrong argument.
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DRANK --quiet | FileCheck %s --check-prefix=RANK
// RANK: verdict: violation PRECONDITION at {{.*}}requires.c:46:7 (process 1)
#include <mpi.h>

#pragma TASS input {m >= 0 && m <= 10}
int m;
int limit = 5;

/*@ requires n > 0;
    requires k <= limit;
    ensures \result == n + k; */
int f(int n, int k) { return n + k; }

int main(int argc, char **argv) {
  int rank = 0, r = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  r = f(1, 2);
  r = f(2, limit);
#ifdef ZERO
  r = f(0, 1);
#elif defined(INPUT)
  r = f(1, m);
#elif defined(RANK)
  r = f(1 - rank, 0);
#endif
  MPI_Finalize();
  return r > 0 ? 0 : 1;
}
