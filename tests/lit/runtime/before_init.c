// Run-time checks before MPI_Init (a chorus_assume or chorus_assert on the
// inputs): the rank is not known yet, the report says "before MPI_Init"
// (it said "rank -1"), and the JSON report keeps the violation with the
// rank learnt at MPI_Init (rank 0 empties the file there: the line was
// lost, rt-report counted 2 violations of 4). The verifier agrees: the
// assertion fails on every path (verify stops at the first).
// RUN: %chorus cc -g %s -o %t
// RUN: rm -f %t.jsonl
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 2 %t 2>&1 | FileCheck %s
// CHECK-DAG: chorus-rt: violation ASSERTION at {{.*}}before_init.c:32 (before MPI_Init): assertion 'x < 3' is false
// CHECK-DAG: chorus-rt: violation ASSERTION at {{.*}}before_init.c:36 (rank 1): assertion 'x < 4' is false
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=REPORT
// REPORT-DAG: chorus-rt: violation ASSERTION at {{.*}}before_init.c:32 (rank 0): assertion 'x < 3' is false
// REPORT-DAG: chorus-rt: violation ASSERTION at {{.*}}before_init.c:32 (rank 1): assertion 'x < 3' is false
// REPORT-DAG: chorus-rt: violation ASSERTION at {{.*}}before_init.c:36 (rank 0): assertion 'x < 4' is false
// REPORT: run: 4 violations, 2 ranks
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VERIFY
// VERIFY: verdict: violation ASSERTION at {{.*}}before_init.c:32:3 (process 0)
// -DNOTE: an assumption false in the run (the verifier considers no such
// input): a note, not a violation, without the rank.
// RUN: %chorus cc -g %s -o %t.note -DNOTE
// RUN: %mpirun -n 2 %t.note 2>&1 | FileCheck %s --check-prefix=NOTE
// NOTE: chorus-rt: note: assumption 'x < 0' is false at {{.*}}before_init.c:30 (before MPI_Init): this run is outside the inputs the verifier considered
#include <chorus.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int x = 5;
#ifdef NOTE
  chorus_assume(x < 0);
#else
  chorus_assert(x < 3);
#endif
  MPI_Init(&argc, &argv);
#ifndef NOTE
  chorus_assert(x < 4);
#endif
  MPI_Finalize();
  return 0;
}
