// Two threads of each process in MPI collectives on different
// communicators at once (MPI_THREAD_MULTIPLE, MPI 3.1 §12.4.2: each
// communicator's collectives match in the order the process calls them on
// it; a thread waiting in a collective on one communicator does not hold
// up the other thread's on another). Each worker k reduces k + 1 over its
// own duplicate of MPI_COMM_WORLD: verified, and Open MPI's run agrees;
// -DCHAIN: on process 0 the second worker starts once the first is at its
// collective, on process 1 the first worker starts once the second is out
// of its collective: process 0's first worker is inside its collective
// (which cannot complete before communicator 1's has) while its second
// worker enters communicator 1's: verified, Open MPI agrees.
// Broken:
//  -DWRONG      the worker of communicator 1 expects the sum of the other:
//               ASSERTION at the assert, thread 2 (Open MPI aborts too);
//  -DCROSS      one worker per process, process 0 calls communicator 0's
//               collective then communicator 1's, process 1 the other way
//               round: a deadlock (every thread blocked, each in a
//               collective the other process never reaches first; Open
//               MPI's run hangs and is killed);
//  -DSHARED     the two workers reduce into one shared variable: DATA_RACE.
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DCHAIN | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DCHAIN %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native -n 2 -DWRONG %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DCROSS | FileCheck %s --check-prefix=CROSS
// RUN: %expect-exit 124 %native -n 2 --timeout 5 -DCROSS %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSHARED | FileCheck %s --check-prefix=SHARED
// OK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}mpi_comms.c:84:3 (process 0, thread 2)
// WRONG: assertion 'sum == 2' may fail
// CROSS: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_comms.c:96:3 (process 0, thread 1)
// CROSS: thread 1 waits in a collective operation
// SHARED: verdict: violation DATA_RACE at {{.*}}mpi_comms.c:75:3 (process 1, thread 2)
#include <assert.h>
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

static MPI_Comm comms[2];
static int rank;
#ifdef SHARED
static int total;
#endif
#ifdef CHAIN
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int started, done;

static void await(int *flag) {
  pthread_mutex_lock(&m);
  while (!*flag)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
}

static void announce(int *flag) {
  pthread_mutex_lock(&m);
  *flag = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
}
#endif

static void *work(void *arg) {
  int k = *(int *)arg, v = k + 1, sum = 0;
#ifdef CHAIN
  if (rank == 0)
    k == 0 ? announce(&started) : await(&started);
  else if (k == 0)
    await(&done);
#endif
#ifdef SHARED
  MPI_Allreduce(&v, &total, 1, MPI_INT, MPI_SUM, comms[k]);
#else
  MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, comms[k]);
#endif
#ifdef CHAIN
  if (rank == 1 && k == 1)
    announce(&done);
#endif
#ifdef WRONG
  assert(sum == 2);
#elif !defined(SHARED)
  assert(sum == 2 * v);
#endif
  return NULL;
}

#ifdef CROSS
static void *both(void *arg) {
  (void)arg;
  int v = 1, a = 0, b = 0;
  MPI_Comm first = comms[rank], second = comms[1 - rank];
  MPI_Allreduce(&v, &a, 1, MPI_INT, MPI_SUM, first);
  MPI_Allreduce(&v, &b, 1, MPI_INT, MPI_SUM, second);
  assert(a == 2 && b == 2);
  return NULL;
}
#endif

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    MPI_Finalize();
    return 0;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[0]);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
#ifdef CROSS
  pthread_t t;
  pthread_create(&t, NULL, both, NULL);
  pthread_join(t, NULL);
#else
  pthread_t t[2];
  static int ids[2] = {0, 1};
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, work, &ids[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
#endif
  MPI_Comm_free(&comms[0]);
  MPI_Comm_free(&comms[1]);
  MPI_Finalize();
  return 0;
}
