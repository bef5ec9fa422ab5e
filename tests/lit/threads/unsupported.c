// What the thread model does not cover yet ends `unknown`, naming it (never
// `verified`): -DCOLLS (MPI, 2 processes) two threads of
// a process wait in collectives on different communicators at once (one
// process-wide wait is modelled; the Open MPI run terminates); -DCONTRACT
// a function with an ACSL contract runs in a worker thread (annotations are
// checked on the main thread's moves only). Without a flag the program is
// verified (native run agrees), and with -DEXITMAIN, main ending by
// pthread_exit while the workers run (exit_main.c has more), and with
// -DCANCELMAIN, a worker cancelling and joining main (main acts on it in
// pthread_join, as if it called pthread_exit, and its value is
// PTHREAD_CANCELED; the workers go on; native runs agree; broken with
// -DWRONGVAL expecting NULL: ASSERTION, the native run aborts too).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %native -DEXITMAIN %s
// RUN: %expect-exit 0 %chorus verify %s --quiet -DEXITMAIN | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet -DCANCELMAIN | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -DCANCELMAIN %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCANCELMAIN -DWRONGVAL | FileCheck %s --check-prefix=WRONGVAL
// RUN: %expect-exit 134 %native -DCANCELMAIN -DWRONGVAL %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DCONTRACT | FileCheck %s --check-prefix=CONTRACT
// RUN: %expect-exit 2 %chorus verify -n 2 %s --quiet -DCOLLS | FileCheck %s --check-prefix=COLLS
// RUN: %expect-exit 0 %native -n 2 -DCOLLS %s
// OK: verdict: verified
// WRONGVAL: verdict: violation ASSERTION at {{.*}}unsupported.c:53:5 (process 0, thread 1)
// CONTRACT: verdict: unknown (unsupported: function contracts, loop annotations and collective assertions with threads (a move of thread 1 at {{.*}}unsupported.c:{{[0-9]+}}:{{[0-9]+}}))
// COLLS: verdict: unknown (unsupported: thread {{[12]}} posts a blocking MPI operation at {{.*}}unsupported.c:{{[0-9]+}}:{{[0-9]+}} while thread {{[12]}} of the process waits in one (one wait per process is modelled))
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#ifdef COLLS
#include <mpi.h>
static MPI_Comm comms[2];
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;
static pthread_t mainThread;

#ifdef CONTRACT
/*@ requires n >= 0;
    ensures \result == n + 1; */
static int inc(int n) { return n + 1; }
#endif

static void *work(void *arg) {
#ifdef CANCELMAIN
  if (*(int *)arg == 0) { // main acts on it in its pthread_join
    void *r;
    pthread_cancel(mainThread);
    pthread_join(mainThread, &r);
#ifdef WRONGVAL
    assert(r == NULL);
#else
    assert(r == PTHREAD_CANCELED);
#endif
  }
#endif
#ifdef COLLS
  int k = *(int *)arg, v = 1, sum = 0;
  MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, comms[k]);
  assert(sum == 2);
#else
  (void)arg;
#endif
  pthread_mutex_lock(&m);
#ifdef CONTRACT
  count = inc(count);
#else
  count++;
#endif
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  mainThread = pthread_self();
#ifdef COLLS
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[0]);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
#endif
  pthread_t t[2];
  static int ids[2] = {0, 1}; // (static: read by the workers after main may have ended)
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, work, &ids[i]);
#ifdef EXITMAIN
  pthread_exit(NULL); // the process ends when both workers have
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(count == 2);
#ifdef COLLS
  MPI_Comm_free(&comms[0]);
  MPI_Comm_free(&comms[1]);
  MPI_Finalize();
#endif
  return 0;
}
