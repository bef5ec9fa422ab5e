// `chorus cc` names every annotation the run-time checker does not check
// (a warning with file:line:col; the program still builds and runs), and
// an invalid collective assertion is a compile error naming its
// file:line:col (unless the preprocessor drops it), as `chorus verify`
// rejects it.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s
// RUN: %mpirun -n 2 %t
// RUN: %expect-exit 3 %chorus cc 2>&1 | FileCheck %s --check-prefix=NOARGS
// RUN: %expect-exit 1 %chorus cc -g %s -o %t.bad -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: annotations.c:[[@LINE+9]]:13: warning: chorus cc: the bound of this input is not checked at run time
// CHECK: annotations.c:[[@LINE+20]]:13: warning: chorus cc: a joint assertion or invariant relates two programs
// CHECK: annotations.c:[[@LINE+20]]:13: warning: chorus cc: this annotation is not checked at run time yet (`chorus verify` checks it)
// CHECK: annotations.c:[[@LINE+24]]:3: warning: chorus cc: this annotation is not checked at run time yet (`chorus verify` checks it)
// CHECK: annotations.c:[[@LINE+16]]:{{[0-9]+}}: warning: chorus cc: collective assertion Q reads an element of argv, a pointer, at an index the checker computes: it is checked at run time where argv points to the start of a block the program allocated
// CHECK-NOT: warning:
// NOARGS: chorus: error: cc needs compiler arguments: chorus cc prog.c -o prog
// BAD: annotations.c:[[@LINE+10]]:2: error: "chorus cc: {{.*}}annotations.c:[[@LINE+10]]:65: invalid character '$' in annotation"
#include <mpi.h>
#pragma TASS input {N > 0 && N < 4} int
#define N 3
int main(int argc, char **argv) {
  int rank, x, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank;
#ifdef BAD
#pragma TASS collective assert MPI_COMM_WORLD, x == PROC[0].x + $proc
#endif
#pragma TASS collective assert OK x == PROC[rank].x
#pragma TASS collective assert Q forall {int j | 0 <= j && j < N} argv[j] != 0
#pragma TASS joint assert J x == spec.x
#pragma TASS collective invariant I x >= 0
  for (i = 0; i < N; i++)
    x = x + 1;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  /*@ assert x >= 1; */
  return 0;
}
