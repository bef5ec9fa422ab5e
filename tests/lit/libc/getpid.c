// getpid/getppid (lib/exec/Env.cpp): a Linux process id, 1..2^22
// (PID_MAX_LIMIT), an input fixed at the process's first call, so that
// later calls give the same value; nothing is assumed about other
// processes' ids (an MPI job may span nodes, where ids repeat). Checked
// against the real run under mpirun. The broken uses: a process taken for
// its own parent (ASSERTION, the real run's assert fails too), and a table
// indexed by the id that is too small for the ids Linux may give
// (OUT_OF_BOUNDS: pid_max may be up to 2^22).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --print-output | FileCheck %s
// RUN: %expect-exit 0 %native -n 2 %s | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSELF | FileCheck %s --check-prefix=SELF
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DTABLE | FileCheck %s --check-prefix=TAB
// CHECK: ok
// SELF: verdict: violation ASSERTION at {{.*}}getpid.c:34:3 (process 0)
// TAB: verdict: violation OUT_OF_BOUNDS at {{.*}}getpid.c:38:14 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static char seen[32768];

int main(int argc, char** argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pid_t me = getpid();
  assert(me > 0 && getpid() == me);
  assert(getppid() > 0 && getppid() == getppid());
  int ids[2] = {(int)me, (int)me};
  MPI_Bcast(ids, 1, MPI_INT, 0, MPI_COMM_WORLD);
  assert(rank != 0 || ids[0] == me);
#ifdef SELF
  assert(getpid() == getppid());
#endif
#ifdef TABLE
  if (me < 4194304)
    seen[me] = 1;
#endif
  if (rank == 0)
    printf("ok\n");
  MPI_Finalize();
  return 0;
}
