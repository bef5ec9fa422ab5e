// Collective assertions reached by threads other than main (MPI with
// threads). Each process has one stream of snapshots, in the order its
// threads reach the assertions (lib/exec/DESIGN-NOTES.md, "Collective
// assertions and threads"); a snapshot is evaluated in the frames of the
// thread that took it. A worker per process reduces the ranks and asserts
// the sum (S): verified, and the Open MPI run terminates; -DSERIAL: two
// workers one after the other (joined in between) each reach an assertion
// of their own (A, then B): verified.
// Broken:
//  -DWRONG   S expects the number of processes: COLLECTIVE_ASSERTION at S,
//            naming the process and thread 1;
//  -DRACE    the two workers of -DSERIAL run at once: a process's stream
//            may hold B before A while another's holds A first:
//            COLLECTIVE_ORDER;
//  -DSKIP    the worker of the last process returns before S:
//            COLLECTIVE_INCOMPLETE;
//  -DREMOTEWRONG  S compares the sum with the left neighbour's, plus one
//            on process 0: COLLECTIVE_ASSERTION at S (process 0, thread 1).
// -DREMOTE: S reads the left neighbour's sum (PROC[left].sum): PROC[r].x
// reads process r's snapshot in the frames of the thread that took it
// (`sum` is a local of the worker, not of main): verified at 2 and 3
// processes.
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify -n 3 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DSERIAL | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DSERIAL %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DRACE | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DSKIP | FileCheck %s --check-prefix=SKIP
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DREMOTE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify -n 3 %s --quiet -DREMOTE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DREMOTE %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DREMOTEWRONG | FileCheck %s --check-prefix=REMOTEWRONG
// OK: verdict: verified
// WRONG: verdict: violation COLLECTIVE_ASSERTION at {{.*}}collective_thread.c:61:14 (process 0, thread 1)
// WRONG: collective assertion S of process 0 ('sum == size') may fail
// WRONG: process 0 thread 1: snapshot at move
// RACE: verdict: violation COLLECTIVE_ORDER at {{.*}}collective_thread.c:82:14 (process 1, thread 2)
// RACE: collective assertions or invariants reached in different orders
// SKIP: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}collective_thread.c:67:14 (process 0)
// SKIP: reached by process 0 (snapshot at move {{[0-9]+}}) but not by process 1
// REMOTEWRONG: verdict: violation COLLECTIVE_ASSERTION at {{.*}}collective_thread.c:65:14 (process 0, thread 1)
// REMOTEWRONG: collective assertion S of process 0 ('sum == PROC[left].sum + (rank == 0)') may fail
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>

static int rank, size;

static void *work(void *arg) {
  (void)arg;
  int sum = 0, left = (rank + size - 1) % size;
  (void)left;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifdef SKIP
  if (rank == size - 1)
    return NULL;
#endif
#if defined(WRONG)
#pragma TASS collective assert S sum == size
#elif defined(REMOTE)
#pragma TASS collective assert S sum == PROC[left].sum
#elif defined(REMOTEWRONG)
#pragma TASS collective assert S sum == PROC[left].sum + (rank == 0)
#else
#pragma TASS collective assert S 2 * sum == size * (size - 1)
#endif
  return NULL;
}

static void *first(void *arg) {
  int *x = arg;
  *x = rank + 1;
#pragma TASS collective assert A *x == rank + 1
  return NULL;
}

static void *second(void *arg) {
  int *x = arg;
  *x = rank + 2;
#pragma TASS collective assert B *x == rank + 2
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  pthread_t t, u;
#if defined(SERIAL) || defined(RACE)
  int x = 0, y = 0;
  pthread_create(&t, NULL, first, &x);
#ifdef SERIAL
  pthread_join(t, NULL);
#endif
  pthread_create(&u, NULL, second, &y);
#ifdef RACE
  pthread_join(t, NULL);
#endif
  pthread_join(u, NULL);
#else
  (void)u;
  pthread_create(&t, NULL, work, NULL);
  pthread_join(t, NULL);
#endif
  MPI_Finalize();
  return 0;
}
