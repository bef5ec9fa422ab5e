// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 --deadlock potential --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 3 --deadlock absolute --quiet | FileCheck %s --check-prefix=ABS
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mixed_causal_potential.c:36:5 (process 0)
// ABS: verdict: verified
//
// The program of issue 9: rank 0 receives two wildcard messages and keeps
// the second. It is rank 2's "1" only if rank 2's first send (to rank 0) was
// buffered: rank 2 then reaches rank 1, whose message overtakes rank 2's.
// Then ranks 0 and 1 send to each other before receiving: a deadlock when
// those sends are synchronous. Only a mix of buffered and synchronous sends
// deadlocks. (MPI does not order messages of different senders; Open MPI's
// shared-memory transport happens to deliver them in causal order, so a
// real run shows v == 0: see mixed_overtake_potential.c for a variant that
// deadlocks under Open MPI.)
#include <assert.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, a = 0, b = 0, x = 0, y = 0, v = 0, z = 0, one = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    v = b;
  } else if (rank == 1) {
    MPI_Recv(&y, 1, MPI_INT, 2, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  } else {
    MPI_Send(&one, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Send(&one, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
  }
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (v == 1 && rank < 2) {
    int other = 1 - rank;
    MPI_Send(&x, 1, MPI_INT, other, 1, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, other, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  assert(rank != 0 || a + b == 1);
  MPI_Finalize();
  return 0;
}
