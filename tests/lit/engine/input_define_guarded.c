// An input macro defined under a guard (`#ifndef N ... #define N 2`, so that
// `-DN=...` can fix it): annotations read the input N, as the C code does,
// not its default value 2 (they read 2 before: a false COLLECTIVE_ASSERTION
// 'x == 2' for N = 1 or 3).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}input_define_guarded.c:29:14 (process 0)
// BAD: collective assertion A of process 0 ('x == N || x == N + 1 && rank == 1') may fail
#include <mpi.h>

#pragma TASS input {N >= 1 && N <= 3} int
#ifndef N
/* the default size */
#define N 2
#endif

int main(int argc, char **argv) {
  int rank, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = N;
  int y[N];
  y[N - 1] = x;
#ifdef BROKEN
  if (rank == 0 && N == 3)
    x = 4;
#endif
#pragma TASS collective assert A x == N || x == N + 1 && rank == 1
  (void)y;
  MPI_Finalize();
  return 0;
}
