// A collective assertion of the implementation reached by some of its
// processes only: the message names exactly the processes of that program
// that never reached it (the specification's processes are not counted).
// RUN: %expect-exit 1 %chorus compare %S/Inputs/incomplete_spec.c %s \
// RUN:   --spec-procs 1 -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}incomplete.c:18:14 (process 1)
// CHECK-NEXT: assertion DONE was reached by process 1 (snapshot at move
// CHECK-SAME: {{[0-9]+}}) but not by process 2 (1 of the 3 processes it is over)
#include <mpi.h>
#pragma TASS output
int r;
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  r = 1;
  if (rank != 1) {
#pragma TASS collective assert DONE rank >= 0;
    rank = rank + 0;
  }
  MPI_Finalize();
  return 0;
}
