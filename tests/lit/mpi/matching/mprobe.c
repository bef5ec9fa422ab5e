// Matched probes (MPI 3.1 §3.8.2-3): MPI_Mprobe/MPI_Improbe match a message
// as a receive would and remove it from matching; MPI_Mrecv/MPI_Imrecv
// receive exactly that message through its handle and set the handle to
// MPI_MESSAGE_NULL; a probe of MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC.
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 3 %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DFIRST --quiet | FileCheck %s --check-prefix=FIRST
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DTWICE --quiet | FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DNULLMSG --quiet | FileCheck %s --check-prefix=NULLMSG
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DEARLY --quiet | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DSMALL --quiet | FileCheck %s --check-prefix=SMALL
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSSEND --quiet | FileCheck %s --check-prefix=SSEND
// OK: verdict: verified
// FIRST: verdict: violation ASSERTION at {{.*}}mprobe.c:56:5 (process 0)
// TWICE: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}mprobe.c:61:5 (process 0)
// TWICE-NEXT: MPI_Mrecv of message handle
// NULLMSG: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}mprobe.c:64:5 (process 0)
// NULLMSG-NEXT: MPI_Mrecv of MPI_MESSAGE_NULL
// EARLY: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}mprobe.c:89:15 (process 0)
// SSEND: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mprobe.c:54:5 (process 0)
// SMALL: verdict: violation MPI_RECV_MISMATCH at {{.*}}mprobe.c:82:9 (process 0)
#include <mpi.h>
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 1) { /* two messages on one channel, then one of length 1 */
    int a = 10, b = 20, v[1] = {1};
    MPI_Request q[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
#ifdef SSEND
    /* complete only when received: the probe is not the receive */
    MPI_Ssend(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
#else
    MPI_Isend(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &q[0]);
#endif
    MPI_Isend(&b, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &q[1]);
    MPI_Send(v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  } else if (rank > 1) { /* rank r sends r values, tag 1 */
    int v[8];
    for (int k = 0; k < rank; ++k)
      v[k] = rank;
    MPI_Send(v, rank, MPI_INT, 0, 1, MPI_COMM_WORLD);
  } else {
    MPI_Message m, copy;
    MPI_Status st;
    int x = 0, y = 0, n = 0, flag = 0;
    /* the probe takes a; the receive that follows gets b */
    MPI_Mprobe(1, 0, MPI_COMM_WORLD, &m, &st);
    MPI_Recv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
#ifdef FIRST
    assert(y == 10); /*@*/
#endif
    copy = m;
    MPI_Mrecv(&x, 1, MPI_INT, &m, MPI_STATUS_IGNORE);
#ifdef TWICE
    MPI_Mrecv(&x, 1, MPI_INT, &copy, MPI_STATUS_IGNORE); /*@*/
#endif
#ifdef NULLMSG
    MPI_Mrecv(&x, 1, MPI_INT, &m, MPI_STATUS_IGNORE); /*@*/
#endif
    (void)copy;
    assert(x == 10 && y == 20 && m == MPI_MESSAGE_NULL);
    /* the size of a message from any process: MPI_Get_count, then its
       receive (no other receive can take it meanwhile) */
    int total = 0;
    for (int i = 1; i < size; ++i) {
      MPI_Mprobe(MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &m, &st);
      MPI_Get_count(&st, MPI_INT, &n);
      assert(n == (st.MPI_SOURCE == 1 ? 1 : st.MPI_SOURCE));
#ifdef SMALL
      if (i % 2)
        n = 1;
#endif
      int *buf = malloc(sizeof(int) * (size_t)n);
      MPI_Request r;
      if (i % 2)
        MPI_Mrecv(buf, n, MPI_INT, &m, &st); /*@*/
      else
        MPI_Imrecv(buf, n, MPI_INT, &m, &r);
      assert(m == MPI_MESSAGE_NULL);
      if (i % 2 == 0) {
        flag = 0;
#ifdef EARLY
        total += buf[0]; /*@*/
#endif
        while (!flag)
          MPI_Test(&r, &flag, &st);
      }
      for (int k = 0; k < n; ++k)
        total += buf[k];
      free(buf);
    }
    assert(total == 1 + (size - 1) * size * (2 * size - 1) / 6 - 1);
    /* MPI_PROC_NULL: MPI_MESSAGE_NO_PROC, received at once */
    MPI_Improbe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &m, &st);
    assert(flag && m == MPI_MESSAGE_NO_PROC && st.MPI_SOURCE == MPI_PROC_NULL);
    MPI_Mrecv(&x, 1, MPI_INT, &m, &st);
    assert(m == MPI_MESSAGE_NULL && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG);
    /* an empty probe finds nothing: every message was received */
    MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &m, &st);
    assert(!flag);
  }
  MPI_Finalize();
  return 0;
}
