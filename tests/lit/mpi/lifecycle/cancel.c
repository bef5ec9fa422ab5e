// MPI_Cancel and MPI_Test_cancelled (MPI 3.1 §3.8.4): a cancelled request
// must still be completed; either the cancellation succeeds (the operation
// is as if it never happened) or the operation completes, not both; a Wait
// of it returns whatever the other processes do. A send's cancellation may
// succeed too (MPI 3.1; Open MPI never cancels a send: one of the outcomes
// explored), so a program must look at MPI_Test_cancelled.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DRECEIVED --quiet | FileCheck %s --check-prefix=RECEIVED
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCANCELLED --quiet | FileCheck %s --check-prefix=CANCELLED
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DNOWAIT --quiet | FileCheck %s --check-prefix=NOWAIT
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DEARLY --quiet | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DNULLREQ --quiet | FileCheck %s --check-prefix=NULLREQ
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSENDSTAYS --quiet | FileCheck %s --check-prefix=SENDSTAYS
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCOLL --quiet | FileCheck %s --check-prefix=COLL
// OK: verdict: verified
// RECEIVED: verdict: violation ASSERTION at {{.*}}cancel.c:54:5 (process 0)
// CANCELLED: verdict: violation ASSERTION at {{.*}}cancel.c:57:5 (process 0)
// NOWAIT: verdict: violation MPI_REQUEST_LEAK at {{.*}}cancel.c:93:3 (process 0)
// EARLY: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}cancel.c:48:7 (process 0)
// NULLREQ: verdict: violation MPI_INVALID_REQUEST at {{.*}}cancel.c:41:5 (process 0)
// SENDSTAYS: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}cancel.c:73:7 (process 0)
// COLL: verdict: violation MPI_INVALID_REQUEST at {{.*}}cancel.c:89:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, x = -1, y = 5, flag = 0, z = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request r;
    MPI_Status st;
    /* a receive no process sends to: its cancellation succeeds */
    MPI_Irecv(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Wait(&r, &st);
    MPI_Test_cancelled(&st, &flag);
    assert(flag && x == -1 && r == MPI_REQUEST_NULL);
#ifdef NULLREQ
    MPI_Cancel(&r); /*@*/
#endif
    /* a receive a message may match: cancelled or received, not both */
    MPI_Irecv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Cancel(&r);
#ifdef EARLY
    z = x; /*@*/
#endif
#ifndef NOWAIT
    MPI_Wait(&r, &st);
    MPI_Test_cancelled(&st, &flag);
#ifdef RECEIVED
    assert(x == 5); /*@*/
#endif
#ifdef CANCELLED
    assert(flag); /*@*/
#endif
    if (flag) { /* the message is still there */
      assert(x == -1);
      MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &st);
      MPI_Test_cancelled(&st, &flag);
      assert(!flag);
    }
    assert(x == 5);
#endif
    /* a send: the receiver learns from the sender whether it was cancelled */
    MPI_Recv(&flag, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef SENDSTAYS
    flag = 0; /* as under Open MPI, whose sends are never cancelled */
#endif
    if (!flag)
      MPI_Recv(&z, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  } else if (rank == 1) {
    MPI_Request s;
    MPI_Status st;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Isend(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &s);
    MPI_Cancel(&s);
    MPI_Wait(&s, &st);
    MPI_Test_cancelled(&st, &flag);
    MPI_Send(&flag, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  } else
    MPI_Barrier(MPI_COMM_WORLD);
#ifdef COLL
  MPI_Request b;
  MPI_Ibarrier(MPI_COMM_WORLD, &b);
  MPI_Cancel(&b); /*@*/
  MPI_Wait(&b, MPI_STATUS_IGNORE);
#endif
  (void)z;
  MPI_Finalize();
  return 0;
}
