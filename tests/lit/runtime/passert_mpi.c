// An MPI program whose ranks run threads with a parallel assertion: both
// libraries in one process. Each rank's region is broken by its other
// thread's write (barriers order it: no race decides the outcome); the
// report names rank and thread, MPI_Finalize has every rank's checker
// finish first (so no rank's report is lost when another exits with
// status 1 and mpirun ends the job) and counts them in the summary, and
// the run's JSON report (emptied by rank 0 in MPI_Init: two runs, one
// report) holds both violations and rank 0's MPI summary. (The ranks'
// parallel assertion summaries are written at exit: mpirun may end a rank
// before it writes its own.)
// RUN: %chorus cc -g %s -o %t
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 2 %t
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 2 %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.jsonl
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=REPORT
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:32 (rank 0, thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_mpi.c:41:5
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:32 (rank 1, thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_mpi.c:41:5
// CHECK-DAG: chorus-rt: 2 violations on 2 ranks
// JSON-DAG: "kind": "PARALLEL_ASSERTION", "file": "{{.*}}passert_mpi.c", "line": 32, "column": 3, "rank": 0, "thread": 1
// JSON-DAG: "kind": "PARALLEL_ASSERTION", "file": "{{.*}}passert_mpi.c", "line": 32, "column": 3, "rank": 1, "thread": 1
// JSON-DAG: "summary": {"violations": 2, "ranks": 2,
// REPORT: run: 2 violations, 2 ranks, {{[0-9]+}} MPI calls checked
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=VERIFY
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_mpi.c:32:3 (process 0, thread 1)
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
