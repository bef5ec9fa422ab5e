// A collective assertion reached by some processes only: at the terminal
// state the snapshot queues are not all empty (seed 000 Def. 4 (ii)).
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// With --no-collective the assertion is not checked: never `verified`.
// RUN: %expect-exit 2 %chorus verify %s -n 3 --quiet --no-collective | FileCheck %s --check-prefix=OFF
// CHECK: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}incomplete.c:15:14 (process 0)
// OFF: verdict: unknown (not checked: collective assertion DONE at {{.*}}incomplete.c:15:14 (--no-collective))
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 1) {
#pragma TASS collective assert DONE rank >= 0;
    rank = rank + 0;
  }
  MPI_Finalize();
  return 0;
}
