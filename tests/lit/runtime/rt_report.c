// `chorus rt-report`: the JSON Lines report of a run (CHORUS_RT_REPORT) as
// one report of the run, in text, SARIF 2.1.0 and HTML; exit code 1 with
// violations, 0 without, 3 for a missing or malformed report (file:line).
// The file holds the last run only: run twice, one violation is reported.
// RUN: %chorus cc -g %s -o %t
// RUN: rm -f %t.jsonl %t.ok.jsonl
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 2 %t
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %mpirun -n 2 %t
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl --sarif %t.sarif --html %t.html | FileCheck %s
// CHECK: chorus-rt: violation MPI_RECV_MISMATCH at {{.*}}rt_report.c:58 (rank 1): MPI_Recv receives 2 x MPI_FLOAT, a message of 2 x MPI_INT from rank 0
// CHECK: run: 1 violation, 2 ranks, {{[0-9]+}} MPI calls checked
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['runs'][0]; x=r['results'][0]; print(d['version'], r['tool']['driver']['name'], x['ruleId'], x['locations'][0]['physicalLocation']['region']['startLine'], x['properties']['rank'], r['properties']['completed'])" %t.sarif | FileCheck %s --check-prefix=SARIF
// SARIF: 2.1.0 chorus-rt MPI_RECV_MISMATCH 58 1 True
// RUN: FileCheck %s --check-prefix=HTML < %t.html
// HTML: <p id="verdict" class="kind">1 violation in a run of 2 ranks ({{[0-9]+}} MPI calls checked)</p>
// HTML: <tr class="violation"><td class="kind">MPI_RECV_MISMATCH</td><td>{{.*}}rt_report.c:58</td><td>1</td>
// RUN: %chorus cc -g %s -o %t.ok -DOK
// RUN: env CHORUS_RT_REPORT=%t.ok.jsonl %mpirun -n 2 %t.ok
// RUN: %chorus rt-report %t.ok.jsonl | FileCheck %s --check-prefix=OK
// OK: run: 0 violations, 2 ranks
// A correct run after a run with a violation: the report is the new run's.
// RUN: env CHORUS_RT_REPORT=%t.jsonl %mpirun -n 2 %t.ok
// RUN: %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=OK --implicit-check-not=violation
//
// The report of a pthreads program (runtime/threads): a parallel assertion
// violation with its column and thread, the process's summary (instances
// and events, no ranks), again one run's report after two runs.
// RUN: %chorus cc -g %S/passert.c -DATOMICITY -o %t.pa
// RUN: env CHORUS_RT_REPORT=%t.pa.jsonl %expect-exit 1 %t.pa
// RUN: env CHORUS_RT_REPORT=%t.pa.jsonl %expect-exit 1 %t.pa
// RUN: %expect-exit 1 %chorus rt-report %t.pa.jsonl --sarif %t.pa.sarif --html %t.pa.html | FileCheck %s --check-prefix=PA
// PA: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:101 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert.c:145:4
// PA-NEXT: run: 1 violation, 1 parallel assertion instance checked ({{[0-9]+}} events)
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['runs'][0]; x=r['results'][0]; g=x['locations'][0]['physicalLocation']['region']; print(x['ruleId'], g['startLine'], g['startColumn'], sorted(x['properties'].items()), r['properties']['completed'], r['properties']['passertInstances'])" %t.pa.sarif | FileCheck %s --check-prefix=PASARIF
// PASARIF: PARALLEL_ASSERTION 101 3 [('thread', 1)] True 1
// RUN: FileCheck %s --check-prefix=PAHTML < %t.pa.html
// PAHTML: <p id="verdict" class="kind">1 violation in a run (1 parallel assertion instance checked, {{[0-9]+}} events)</p>
// PAHTML: <tr class="violation"><td class="kind">PARALLEL_ASSERTION</td><td>{{.*}}passert.c:101</td><td></td><td>1</td>
// RUN: %expect-exit 3 %chorus rt-report %t.missing.jsonl 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: chorus: error: {{.*}}missing.jsonl: cannot read the report
// RUN: cp %t.jsonl %t.bad.jsonl
// RUN: echo '{"kind": ' >> %t.bad.jsonl
// RUN: %expect-exit 3 %chorus rt-report %t.bad.jsonl 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: chorus: error: {{.*}}bad.jsonl:2: not a report line
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, a[2] = {1, 2};
  float f[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
#ifdef OK
  else
    MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  else
    MPI_Recv(f, 2, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  MPI_Finalize();
  return 0;
}
