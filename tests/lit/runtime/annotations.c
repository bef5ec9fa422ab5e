// `chorus cc` names every annotation the run-time checker does not check
// yet (a warning with file:line:col; the program still builds and runs);
// bad use is an input error (exit 3).
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s
// RUN: %mpirun -n 2 %t
// RUN: %expect-exit 3 %chorus cc 2>&1 | FileCheck %s --check-prefix=NOARGS
// CHECK: annotations.c:[[@LINE+9]]:1: warning: chorus cc: this annotation is not checked at run time yet (`chorus verify` checks it)
// CHECK: annotations.c:[[@LINE+12]]:3: warning: chorus cc: this annotation is not checked at run time yet (`chorus verify` checks it)
// NOARGS: chorus: error: cc needs compiler arguments: chorus cc prog.c -o prog
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank;
#pragma TASS collective assert MPI_COMM_WORLD, x == PROC[0].x + $proc
  x = x + 1;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  /*@ assert x >= 1; */
  return 0;
}
