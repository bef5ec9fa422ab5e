// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 -DFIXED --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --deadlock absolute --quiet | FileCheck %s --check-prefix=OK
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}sendrecv_sync_potential.c:27:5 (process 0)
// CHECK: process 0 blocked in a send to process 1 that waits for its receive; process 1 blocked in a collective
// OK: verdict: verified
//
// The send of MPI_Sendrecv is a standard-mode send (MPI 3.1 §3.10): the call
// returns only when both its receive and its send completed, and the send
// may complete only at its match. Rank 0's message is received by rank 1
// only after a barrier that rank 0 enters after its Sendrecv: a potential
// deadlock (chorus used to buffer the send of Sendrecv always: `verified`).
// Real Open MPI with a message above the eager limit hangs (crosscheck.sh).
#include <assert.h>
#include <mpi.h>
#ifdef REAL_MPI
#define N 100000
#else
#define N 1
#endif
int x[N], y[N];
int main(int argc, char **argv) {
  int rank, t = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Sendrecv(x, N, MPI_INT, 1, 0, &t, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    t = 7;
    MPI_Send(&t, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
#ifndef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
#endif
    MPI_Recv(y, N, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef FIXED
    MPI_Barrier(MPI_COMM_WORLD);
#endif
  }
  if (rank == 0)
    assert(t == 7);
  MPI_Finalize();
  return 0;
}
