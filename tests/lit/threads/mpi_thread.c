// MPI with threads (MPI_Init_thread with MPI_THREAD_MULTIPLE, a thread
// making MPI calls) is not modelled yet: the verdict is unknown and names
// the call and its thread's location, never verified. MPI calls from main
// alone in a program with threads are modelled.
// RUN: %expect-exit 2 %chorus verify -n 2 %s --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DMAINONLY | FileCheck %s --check-prefix=MAIN
// CHECK: verdict: unknown (unsupported: MPI call 'MPI_Send' from a thread other than main at {{.*}}mpi_thread.c:22:3 (MPI with threads is not modelled yet))
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
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
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
