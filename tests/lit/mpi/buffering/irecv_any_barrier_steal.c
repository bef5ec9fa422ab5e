// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 3 -DFIXED --quiet | FileCheck %s --check-prefix=OK
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}irecv_any_barrier_steal.c:33:5 (process 0)
// OK: verdict: verified
//
// A wildcard receive request posted before a barrier is matched while its
// process waits in the barrier, by whichever message arrives first. Rank 2's
// buffered message may take it; then rank 1's synchronous send has no
// receive until after the barrier, which rank 1 never reaches: deadlock.
// chorus used to hand the request to the synchronous send as soon as it was
// sent (and said `verified`); now a process blocked in a collective or a
// send still matches its wildcard requests (progress) while a synchronous
// message to it waits. FIXED posts two requests: both messages fit.
// Real Open MPI: rank 1 is delayed, so rank 2's message arrives first, and
// the run hangs (crosscheck.sh).
#include <assert.h>
#include <mpi.h>
#ifdef REAL_MPI
#include <unistd.h>
#define DELAY() usleep(300000)
#else
#define DELAY()
#endif
int main(int argc, char **argv) {
  int rank, a = 0, b = 0, token = 9, one = 1, two = 2;
  MPI_Request r[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[0]);
#ifndef FIXED
    MPI_Send(&token, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Irecv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Send(&token, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
#endif
    assert(a + b == 3);
  } else if (rank == 1) {
    MPI_Recv(&token, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    DELAY();
    MPI_Ssend(&one, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    MPI_Send(&two, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
