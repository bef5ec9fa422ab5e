// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 3 --deadlock absolute --quiet | FileCheck %s --check-prefix=ABS
// RUN: %expect-exit 0 %native -n 3 %s
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}coll_bcast_sync_potential.c:18:5 (process 0)
// CHECK: process 0 blocked in a collective operation; process 1 blocked MPI_Recv
// ABS: verdict: verified
//
// The root of MPI_Bcast may return at once (Open MPI's does: the native run
// terminates) or wait for the others (MPI 3.1 §5.1 allows both): if it
// waits, rank 1 never gets its message. A potential deadlock.
#include <assert.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, v = 5, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else {
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  assert(v == 5 && x == 1);
  MPI_Finalize();
  return 0;
}
