// --json writes the verdict, the violation, the trace (steps with process,
// location, statement, effects), the concrete inputs and the statistics.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN --json %t.json | FileCheck %s --check-prefix=BAD
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['verdict']=='violation' and d['violation']['kind']=='ASSERTION' and d['violation']['process']==1 and len(d['trace'])>5" %t.json
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --json %t.ok.json | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=JSONOK < %t.ok.json
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}json.c:35:5 (process 1)
// JSON: "verdict": "violation"
// JSON: "command": {"cwd": "{{.*}}", "args": ["{{.*}}json.c", "-n", "2"
// JSON: "kind": "ASSERTION", "location": {"file": "{{.*}}json.c", "line": 35, "col": 5}, "process": 1
// JSON: "trace": [
// JSON: "statement": "declare int rank", "choice": 0, "effects": []
// JSON: "send {{.*}} to 1 tag 0"
// JSON: "inputs"
// JSON: "Y"
// JSON: "statistics": {"statesSaved":
// JSONOK: "verdict": "verified"
#include <assert.h>
#include <mpi.h>

#pragma TASS input {Y >= 0 && Y <= 3}
int Y;

int main(int argc, char **argv) {
  int rank, v = Y;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else if (rank == 1) {
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef BROKEN
    assert(v != 2);
#endif
  }
  MPI_Finalize();
  return 0;
}
