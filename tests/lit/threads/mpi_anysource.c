// Two threads of one process receiving with MPI_ANY_SOURCE and MPI_ANY_TAG
// at once (MPI_THREAD_MULTIPLE, MPI 3.1 §12.4.2): either receive may match
// either message, whatever the order the threads were created in; the
// search explores both. Process 1's two workers send 100 + k with tag k by
// MPI_Ssend (both may wait in their synchronous send at once); process 0's
// two workers receive with wildcards into their own buffers: the values
// sum to 201 and each matches its status's tag (verified; the Open MPI run
// agrees). -DORDERED: process 1's worker 1 sends first and process 0's
// worker 0 receives first (a condition variable orders each pair):
// verified, Open MPI agrees.
// Broken:
//  -DWHICH       main asserts that worker 0 got worker 0's message:
//                ASSERTION (the interleaving where the receives cross);
//                an Open MPI run need not show it, so -DWHICH -DORDERED
//                forces the crossing order: ASSERTION, and Open MPI aborts;
//  -DSHARED      the two receives write one buffer: DATA_RACE (thread 2
//                against thread 1); no real-run cross-check: Open MPI runs
//                pass or fail main's asserts as the race goes (a CI run
//                aborted), and TSan under Open MPI flags the library itself;
//  -DTHREE       process 0 starts a third receiving worker, for which no
//                message comes: ABSOLUTE_DEADLOCK at its receive (thread 3);
//                Open MPI hangs (killed after 5 s).
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DORDERED | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DORDERED %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DWHICH | FileCheck %s --check-prefix=WHICH
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DWHICH -DORDERED | FileCheck %s --check-prefix=WHICH
// RUN: %expect-exit 134 %native -n 2 -DWHICH -DORDERED %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSHARED | FileCheck %s --check-prefix=SHARED
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DTHREE | FileCheck %s --check-prefix=THREE
// RUN: %expect-exit 124 %native -n 2 --timeout 5 -DTHREE %s
// OK: verdict: verified
// WHICH: verdict: violation ASSERTION at {{.*}}mpi_anysource.c:112:5 (process 0)
// WHICH: assertion 'got[0] == 100' may fail
// SHARED: verdict: violation DATA_RACE at {{.*}}mpi_anysource.c:76:5 (process 0, thread 2)
// SHARED: data race on buf: thread 2 writes it here and thread 1 writes it at {{.*}}mpi_anysource.c:76:5
// THREE: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_anysource.c:76:5 (process 0, thread 3)
// THREE: thread 3 waits in MPI_Recv
#include <assert.h>
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

static int rank;
#ifdef ORDERED
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int firstDone; /* the first worker's operation is over */
#endif
static int got[3] = {-1, -1, -1}, tagOf[3] = {-1, -1, -1};
#ifdef SHARED
static int buf; /* one receive buffer for both workers */
#endif

static void *worker(void *arg) {
  int k = *(int *)arg;
#ifdef ORDERED
  /* process 1: worker 1 sends first; process 0: worker 0 receives first */
  int first = rank == 1 ? k == 1 : k == 0;
  if (!first && k < 2) {
    pthread_mutex_lock(&mu);
    while (!firstDone)
      pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
  }
#endif
  if (rank == 1) {
    int out = 100 + k;
    MPI_Ssend(&out, 1, MPI_INT, 0, k, MPI_COMM_WORLD);
  } else {
#ifndef SHARED
    int buf = -1;
#endif
    MPI_Status st;
    MPI_Recv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    got[k] = buf;
    tagOf[k] = st.MPI_TAG;
  }
#ifdef ORDERED
  if (first) {
    pthread_mutex_lock(&mu);
    firstDone = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
  }
#endif
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 2); /* (a real MPI without thread support) */
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  static int ids[3] = {0, 1, 2};
  pthread_t t[3];
  int n = 2;
#ifdef THREE
  if (rank == 0)
    n = 3; /* a third receiver: no message for it */
#endif
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], NULL, worker, &ids[i]);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  if (rank == 0) {
    assert(got[0] + got[1] == 201);
    assert(got[0] == 100 + tagOf[0] && got[1] == 100 + tagOf[1]);
#ifdef WHICH
    assert(got[0] == 100); /* worker 0 need not get worker 0's message */
#endif
  }
  MPI_Finalize();
  return 0;
}
