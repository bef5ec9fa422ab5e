// An MPI program whose rank runs threads with a parallel assertion: both
// libraries in one process. The region is broken by the other thread's
// write (barriers order it: no race decides the outcome); the report names
// rank and thread, the rank exits with status 1, and the run's JSON report
// (emptied by rank 0 in MPI_Init: two runs, one report) holds the
// violation, rank 0's MPI summary and the rank's parallel assertion
// summary. (One rank: with more, the first rank to exit with status 1 makes
// mpirun end the others, whose last reports may then be lost.)
// RUN: %chorus cc -g %s -o %t
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 1 %t
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 1 %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.jsonl
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=REPORT
// CHECK: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:27 (rank 0, thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_mpi.c:36:5
// JSON: "kind": "PARALLEL_ASSERTION", "file": "{{.*}}passert_mpi.c", "line": 27, "column": 3, "rank": 0, "thread": 1
// REPORT: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:27 (rank 0, thread 1)
// REPORT: run: 1 violation, 1 rank, {{[0-9]+}} MPI calls checked, 1 parallel assertion instance checked
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=VERIFY
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:27:3 (process 0, thread 1)
#include <mpi.h>
#include <pthread.h>
#include <stddef.h>
int x;
pthread_barrier_t sync2;
#define SYNC pthread_barrier_wait(&sync2)
void *one(void *arg) {
  thru {
    SYNC;
    SYNC;
    x = 1;
  } passert(!RW(x));
  return arg;
}
void *two(void *arg) {
  SYNC;
  x = 2;
  SYNC;
  return arg;
}
int main(int argc, char **argv) {
  pthread_t a, b;
  MPI_Init(&argc, &argv);
  pthread_barrier_init(&sync2, NULL, 2);
  pthread_create(&a, NULL, one, NULL);
  pthread_create(&b, NULL, two, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
