// MPI_Cancel of a send whose message a matched probe took: the message is
// matched (MPI 3.1 §3.8.2), so the cancellation cannot succeed any more.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCANCELLED --quiet | FileCheck %s --check-prefix=CANCELLED
// OK: verdict: verified
// CANCELLED: verdict: violation ASSERTION at {{.*}}cancel_probed_send.c:22:5 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, x = 0, y = 5, flag = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    MPI_Request s; MPI_Status st;
    MPI_Isend(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &s);
    MPI_Barrier(MPI_COMM_WORLD); /* rank 0 has probed it */
    MPI_Cancel(&s);
    MPI_Wait(&s, &st);
    MPI_Test_cancelled(&st, &flag);
#ifdef CANCELLED
    assert(flag); /*@*/
#else
    assert(!flag);
#endif
  } else {
    MPI_Message m;
    MPI_Mprobe(1, 0, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Mrecv(&x, 1, MPI_INT, &m, MPI_STATUS_IGNORE);
    assert(x == 5);
    /* the field MPI_Test_cancelled reads (generalized requests set it) */
    MPI_Status s2;
    MPI_Status_set_cancelled(&s2, 1);
    MPI_Test_cancelled(&s2, &flag);
    assert(flag);
    MPI_Status_set_cancelled(&s2, 0);
    MPI_Test_cancelled(&s2, &flag);
    assert(!flag);
  }
  MPI_Finalize();
  return 0;
}
