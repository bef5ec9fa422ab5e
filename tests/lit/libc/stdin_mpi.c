// The standard input of an MPI program: mpirun forwards it to rank 0, so
// with --stdin process 0 reads the file (here a value it broadcasts, as
// the real run `mpirun -np 2 prog < FILE` does); any other process reading
// stdin is `unknown`, naming the call and the process.
// RUN: printf '7\n' > %t.in
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --stdin %t.in | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s < %t.in | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 2 %chorus verify %s -n 2 --quiet -DALL --stdin %t.in | FileCheck %s --check-prefix=ALL
// OK: verdict: verified (assuming stdin holds the contents of "{{.*}}.in" as read at verification time (2 bytes))
// NATIVE: rank 1 got 7
// ALL: verdict: unknown (unsupported: scanf reads stdin in process 1 (--stdin is the input of process 0; mpirun forwards stdin to rank 0) at {{.*}}stdin_mpi.c:21:3)
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef ALL
  scanf("%d", &v);
#else
  if (rank == 0 && scanf("%d", &v) != 1)
    MPI_Abort(MPI_COMM_WORLD, 1);
#endif
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  assert(v == 7);
  if (rank == 1)
    printf("rank 1 got %d\n", v);
  MPI_Finalize();
  return 0;
}
