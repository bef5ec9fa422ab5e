// --ignore KIND: chorus looks past violations of KIND to the next bug; a
// search that met one is never `verified`.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=FIRST
// FIRST: verdict: violation MPI_PENDING_MESSAGE at {{.*}}ignore.c:22:3 (process 1)
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --ignore MPI_PENDING_MESSAGE | FileCheck %s --check-prefix=NEXT
// NEXT: verdict: violation ASSERTION at {{.*}}ignore.c:25:5 (process 1)
// RUN: %expect-exit 2 %chorus verify %s -n 2 -DOK --deadlock absolute --quiet --ignore MPI_PENDING_MESSAGE | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: verdict: unknown (not checked: MPI_PENDING_MESSAGE at {{.*}}ignore.c:22:3 (process 1): MPI_Finalize with a message from process 0 (tag 0) never received (--ignore))
// Other kinds: the state where one occurs is not expanded further.
// RUN: %expect-exit 2 %chorus verify %s -n 2 --deadlock absolute --quiet --ignore MPI_PENDING_MESSAGE --ignore ASSERTION | FileCheck %s --check-prefix=PRUNED
// PRUNED: verdict: unknown (a violation of an ignored kind (--ignore): ASSERTION at {{.*}}ignore.c:25:5 (process 1))
// RUN: %expect-exit 3 %chorus verify %s -n 2 --ignore NO_SUCH_KIND 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: chorus: error: unknown violation kind 'NO_SUCH_KIND' for --ignore
#include <assert.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  MPI_Finalize();
#ifndef OK
  if (rank == 1)
    assert(x == 2);
#endif
  return 0;
}
