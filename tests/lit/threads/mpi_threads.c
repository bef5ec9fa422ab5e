// MPI with threads (MPI 3.1 §12.4): MPI_Init_thread(MPI_THREAD_MULTIPLE),
// two threads per process making MPI calls. The threads of a process share
// its rank: worker k of rank 0 sends to rank 1 with tag k and then
// receives its answer with tag k, worker k of rank 1 receives with tag k
// and answers; messages match per communicator, source and tag whatever
// thread calls (§12.4.2), so each worker gets its own answer whatever the
// interleaving and whether each standard send is buffered or synchronous
// (verified; the Open MPI run agrees).
// Broken: -DANYTAG rank 1's workers receive with MPI_ANY_TAG: a worker may
// take the other worker's message (ASSERTION; MPI matches per process, not
// per thread); -DUNSAFE both ranks send first: with synchronous sends every
// thread waits in MPI_Send (POTENTIAL_DEADLOCK); -DFUNNELED MPI provides
// MPI_THREAD_FUNNELED: a worker's call (MPI_THREAD_USAGE, §12.4.3: only
// the main thread may call MPI); -DSERIALIZED: the two workers can be in
// MPI calls at once (MPI_THREAD_USAGE); with -DSERIALIZED -DONEBYONE main
// runs one worker after the other (verified); -DCOLL the workers also call
// MPI_Barrier on MPI_COMM_WORLD unordered between them (MPI_THREAD_USAGE,
// §12.4.2: the user must order collectives on one communicator).
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DSERIALIZED -DONEBYONE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DSERIALIZED -DONEBYONE %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DANYTAG | FileCheck %s --check-prefix=ANYTAG
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DUNSAFE | FileCheck %s --check-prefix=UNSAFE
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DFUNNELED | FileCheck %s --check-prefix=FUNNELED
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSERIALIZED | FileCheck %s --check-prefix=SERIALIZED
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DCOLL | FileCheck %s --check-prefix=COLL
// OK: verdict: verified
// ANYTAG: verdict: violation ASSERTION at {{.*}}mpi_threads.c:66:5 (process 1, thread 1)
// UNSAFE: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mpi_threads.c:53:5 (process 0, thread 1)
// FUNNELED: verdict: violation MPI_THREAD_USAGE at {{.*}}mpi_threads.c:53:5 (process 0, thread 1)
// FUNNELED-NEXT: MPI provides MPI_THREAD_FUNNELED: only the main thread
// SERIALIZED: verdict: violation MPI_THREAD_USAGE at {{.*}}mpi_threads.c:53:5 (process 0, thread 2)
// SERIALIZED-NEXT: MPI_THREAD_SERIALIZED, which forbids MPI calls of two threads at once
// COLL: verdict: violation MPI_THREAD_USAGE at {{.*}}mpi_threads.c:48:3 (process 0, thread 2)
// COLL-NEXT: thread {{[12]}} calls MPI_Barrier while thread {{[12]}} {{.*}} on the same communicator
#include <assert.h>
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

int rank;

void *worker(void *arg) {
  int k = *(int *)arg, other = 1 - rank;
  int out = rank * 10 + k, in = -1;
#ifdef COLL
  MPI_Barrier(MPI_COMM_WORLD);
#endif
#ifndef UNSAFE
  if (rank == 0) {
#endif
    MPI_Send(&out, 1, MPI_INT, other, k, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef UNSAFE
  } else {
#ifdef ANYTAG
    MPI_Recv(&in, 1, MPI_INT, other, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(&in, 1, MPI_INT, other, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
    MPI_Send(&out, 1, MPI_INT, other, k, MPI_COMM_WORLD);
  }
#endif
  if (in != other * 10 + k)
    assert(0); /* another thread's message */
  return NULL;
}

int main(int argc, char **argv) {
  int provided, level = MPI_THREAD_MULTIPLE;
#ifdef FUNNELED
  level = MPI_THREAD_FUNNELED;
#endif
#ifdef SERIALIZED
  level = MPI_THREAD_SERIALIZED;
#endif
  MPI_Init_thread(&argc, &argv, level, &provided);
  if (provided < level)
    MPI_Abort(MPI_COMM_WORLD, 2); /* (a real MPI without thread support) */
  int is_main = 0;
  MPI_Is_thread_main(&is_main);
  assert(is_main);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pthread_t t[2];
  int ids[2] = {0, 1};
  for (int i = 0; i < 2; i++) {
    pthread_create(&t[i], NULL, worker, &ids[i]);
#ifdef ONEBYONE
    pthread_join(t[i], NULL);
#endif
  }
#ifndef ONEBYONE
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
#endif
  MPI_Finalize();
  return 0;
}
