// Bcast of an input array from the root; every process checks it got the
// root's value. The broken form disagrees on the root.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_ROOT_MISMATCH at {{.*}}mpi_bcast.c:26:3 (process 2)
#include <assert.h>
#include <mpi.h>

#pragma TASS input {S >= 0 && S <= 9}
int S;

int main(int argc, char **argv) {
  int rank;
  int v[2] = {0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    v[0] = S;
    v[1] = S + 1;
  }
  int root = 0;
#ifdef BROKEN
  root = rank == 2;
#endif
  MPI_Bcast(v, 2, MPI_INT, root, MPI_COMM_WORLD);
  assert(v[0] == S && v[1] == v[0] + 1);
  MPI_Finalize();
  return 0;
}
