// Threads of one process in MPI point-to-point calls at once
// (MPI_THREAD_MULTIPLE, MPI 3.1 §12.4.2): each thread's operation is
// matched on its own by communicator, source and tag; messages of one
// thread are non-overtaking, those of two threads of a process have no
// order (the search explores every order of their calls). A blocking
// synchronous send (MPI_Ssend, a standard send that takes the synchronous
// outcome, the send of MPI_Sendrecv) of a thread other than main waits at
// its call for its own message, so both workers of a process can wait in
// one at once (lib/exec/DESIGN-NOTES.md, "MPI with threads").
// Two processes, two workers each; worker k exchanges tag k with the other
// process's worker k by MPI_Sendrecv: verified (the Open MPI run agrees);
// -DSSEND process 0's workers MPI_Ssend then MPI_Recv, process 1's receive
// then MPI_Ssend: verified, and with -DSTD (MPI_Send, buffered or
// synchronous) too; -DMAINSEND main sends process 1 a token by MPI_Ssend
// while its workers are in MPI_Sendrecv (main waits after its call, the
// workers at theirs): verified. Open MPI agrees on all four.
// Broken:
//  -DWRONG       process 1 answers worker k with worker 1-k's value:
//                ASSERTION (process 0, thread 1); Open MPI aborts too;
//  -DSSENDBOTH   every worker MPI_Ssend's first: ABSOLUTE_DEADLOCK at the
//                send, all four workers waiting in it; Open MPI hangs
//                (killed after 5 s);
//  -DSSENDBOTH -DSTD  the same with MPI_Send: POTENTIAL_DEADLOCK (Open MPI
//                buffers the small messages and terminates);
//  -DMISSING     process 1 runs worker 0 only: process 0's worker 2 waits
//                in MPI_Sendrecv forever (ABSOLUTE_DEADLOCK, thread 2);
//                Open MPI hangs;
//  -DMAINSEND -DLOST  process 1 never receives main's token: main waits in
//                its MPI_Ssend (ABSOLUTE_DEADLOCK, thread 0; a worker's
//                MPI_Sendrecv meanwhile must not release main's wait);
//                Open MPI hangs;
//  -DSHARED      both workers receive into one variable: DATA_RACE between
//                the two receives (not observable in the Open MPI run;
//                ThreadSanitizer under Open MPI reports races inside the
//                library itself, so it is not used as the cross-check).
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DSSEND | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DSSEND %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DSSEND -DSTD | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DSSEND -DSTD %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DMAINSEND | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DMAINSEND %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native -n 2 -DWRONG %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSSENDBOTH | FileCheck %s --check-prefix=BOTH
// RUN: %expect-exit 124 %native -n 2 --timeout 5 -DSSENDBOTH %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSSENDBOTH -DSTD | FileCheck %s --check-prefix=BOTHSTD
// RUN: %expect-exit 0 %native -n 2 -DSSENDBOTH -DSTD %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DMISSING | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 124 %native -n 2 --timeout 5 -DMISSING %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DMAINSEND -DLOST | FileCheck %s --check-prefix=LOST
// RUN: %expect-exit 124 %native -n 2 --timeout 5 -DMAINSEND -DLOST %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSHARED | FileCheck %s --check-prefix=SHARED
// RUN: %expect-exit 0 %native -n 2 -DSHARED %s
// OK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}mpi_sendrecv.c:111:3 (process 0, thread 1)
// BOTH: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_sendrecv.c:99:3 (process 0, thread 1)
// BOTH: thread 1 waits in MPI_Ssend {{.*}} thread 2 waits in MPI_Ssend
// BOTHSTD: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mpi_sendrecv.c:99:3 (process 0, thread 1)
// MISSING: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_sendrecv.c:107:3 (process 0, thread 2)
// MISSING: thread 2 waits in MPI_Sendrecv
// LOST: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_sendrecv.c:135:5 (process 0, thread 0)
// LOST: thread 0 waits in a send to process 1 that waits for its receive
// SHARED: verdict: violation DATA_RACE at {{.*}}mpi_sendrecv.c:107:3 (process 1, thread 2)
// SHARED: data race on got: thread 2 writes it here and thread 1 writes it at {{.*}}mpi_sendrecv.c:107:3
#include <assert.h>
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

#ifdef STD
#define SEND MPI_Send
#else
#define SEND MPI_Ssend
#endif

static int rank, size;
#ifdef SHARED
static int got; /* one receive buffer for both workers */
#endif

static void *worker(void *arg) {
  int k = *(int *)arg, other = 1 - rank;
#ifndef SHARED
  int got = -1;
#endif
#if defined(SSEND)
  int out = 10 * rank + k;
  if (rank == 0) {
    SEND(&out, 1, MPI_INT, other, k, MPI_COMM_WORLD);
    MPI_Recv(&got, 1, MPI_INT, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&got, 1, MPI_INT, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    SEND(&out, 1, MPI_INT, other, k, MPI_COMM_WORLD);
  }
#elif defined(SSENDBOTH)
  int out = 10 * rank + k;
  SEND(&out, 1, MPI_INT, other, k, MPI_COMM_WORLD);
  MPI_Recv(&got, 1, MPI_INT, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  int out = 10 * rank + k;
#ifdef WRONG
  if (rank == 1)
    out = 10 * rank + (1 - k); /* answers with the other worker's value */
#endif
  MPI_Sendrecv(&out, 1, MPI_INT, other, k, &got, 1, MPI_INT, other, k, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#endif
#ifndef SHARED
  assert(got == 10 * other + k);
#endif
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 2); /* (a real MPI without thread support) */
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static int ids[2] = {0, 1};
  pthread_t t[2];
  int n = 2;
#ifdef MISSING
  if (rank == 1)
    n = 1; /* process 1 answers worker 0 only */
#endif
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
#ifdef MAINSEND
  int token = 7; /* main's own synchronous send while the workers run */
  if (rank == 0)
    MPI_Ssend(&token, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
#endif
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
#ifdef MAINSEND
#ifndef LOST
  if (rank == 1) {
    MPI_Recv(&token, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(token == 7);
  }
#endif
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
