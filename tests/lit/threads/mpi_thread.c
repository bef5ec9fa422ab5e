// MPI with threads: a thread other than main makes an MPI call
// (MPI_Init_thread with MPI_THREAD_MULTIPLE): rank 0's thread sends, rank
// 1's main receives after joining its own thread (verified; the Open MPI
// run agrees). -DMAINONLY: main makes the call after joining instead
// (verified). -DSINGLE: MPI initialized by MPI_Init provides
// MPI_THREAD_SINGLE, so the thread's call is MPI_THREAD_USAGE (MPI 3.1
// §12.4.3). mpi_threads.c has more.
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=MAIN
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DMAINONLY | FileCheck %s --check-prefix=MAIN
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSINGLE | FileCheck %s
// CHECK: verdict: violation MPI_THREAD_USAGE at {{.*}}mpi_thread.c:28:3 (process 0, thread 1)
// CHECK-NEXT: MPI call 'MPI_Send' from thread 1, but MPI provides MPI_THREAD_SINGLE
// MAIN: verdict: verified
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

int rank, value;

void *sender(void *arg) {
  (void)arg;
#ifdef MAINONLY
  value = 42;
#else
  value = 42;
  if (rank == 0)
  MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
#ifdef SINGLE
  MPI_Init(&argc, &argv);
  (void)provided;
#else
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#endif
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  pthread_t t;
  pthread_create(&t, NULL, sender, NULL);
  pthread_join(t, NULL);
#ifdef MAINONLY
  if (rank == 0)
    MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  if (rank == 1) {
    int got;
    MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
