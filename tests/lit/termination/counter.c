// Polling loops that count their rounds and print the count afterwards: the
// count is live, so no state repeats while the loop waits, and the search
// cannot see the wait as a cycle (nor soundly forget the count: it is
// printed, and it could overflow). The search runs into its limit; the
// verdict names the loop and the value that changes at every round instead
// of only the limit. Both programs end (the native runs exit 0).
// Threads: main spins on an atomic flag that a thread sets, counting.
// -DMPI: process 0 polls with MPI_Iprobe for process 1's message, counting.
// RUN: %expect-exit 2 %chorus verify %s --quiet --max-states 2000 | FileCheck %s
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 2 %chorus verify -n 2 %s -DMPI --quiet --max-states 2000 | FileCheck %s --check-prefix=MPI
// RUN: %expect-exit 0 %native -n 2 -DMPI %s
// CHECK: verdict: unknown (max-states reached; the loop at {{.*}}counter.c:33:3 of process 0 does not repeat a state: tries (process 0) changes at every round)
// MPI: verdict: unknown (max-states reached; the loop at {{.*}}counter.c:48:5 of process 0 does not repeat a state: tries (process 0) changes at every round)
#include <stdio.h>
#ifndef MPI
#include <pthread.h>
#include <stdatomic.h>

static atomic_int flag;

static void* setter(void* arg) {
  (void)arg;
  atomic_store(&flag, 1);
  return 0;
}

int main(void) {
  pthread_t t;
  long tries = 0;
  if (pthread_create(&t, 0, setter, 0) != 0)
    return 1;
  while (!atomic_load(&flag))
    tries++;
  pthread_join(t, 0);
  printf("%d\n", tries >= 0);
  return 0;
}
#else
#include <mpi.h>

int main(int argc, char** argv) {
  int rank, x = 7, found = 0;
  long tries = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    while (!found) {
      MPI_Iprobe(1, 0, MPI_COMM_WORLD, &found, MPI_STATUS_IGNORE);
      tries++;
    }
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("%d\n", tries > 0);
  } else if (rank == 1) {
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
#endif
