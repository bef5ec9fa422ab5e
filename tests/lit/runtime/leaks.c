// What is checked at MPI_Finalize: a message never received
// (MPI_PENDING_MESSAGE), a communicator never freed (MPI_RESOURCE_LEAK) and a
// request never completed (MPI_REQUEST_LEAK), each at the line that made
// it; the run goes on and exits with status 1. The verifier reports the
// first of them it meets.
// RUN: %chorus cc -g %s -o %t
// RUN: rm -f %t.json
// RUN: env CHORUS_RT_REPORT=%t.json %expect-exit 1 %mpirun -n 2 %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" %t.json
// JSON-DAG: {"tool": "chorus-rt", "kind": "MPI_REQUEST_LEAK", "file": "{{.*}}leaks.c", "line": 30, "rank": 1, "message": "the request of MPI_Irecv is never completed (MPI_Wait, MPI_Test) or freed"}
// JSON-DAG: {"tool": "chorus-rt", "summary": {"violations": 4, "ranks": 2, "calls": {{[0-9]+}}, "checker_messages": {"max_per_rank": {{[0-9]+}}, "total": {{[0-9]+}}}, "checker_bytes": {"max_per_rank": {{[0-9]+}}, "total": {{[0-9]+}}}}}
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VERIFY
// CHECK-DAG: chorus-rt: violation MPI_PENDING_MESSAGE at {{.*}}leaks.c:31 (rank 1): a message from rank 0 (tag 7, 4 bytes, sent at {{.*}}leaks.c:29) on MPI_COMM_WORLD was never received
// CHECK-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}leaks.c:28 (rank 0): the communicator created by MPI_Comm_dup is never freed
// CHECK-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}leaks.c:28 (rank 1): the communicator created by MPI_Comm_dup is never freed
// CHECK-DAG: chorus-rt: violation MPI_REQUEST_LEAK at {{.*}}leaks.c:30 (rank 1): the request of MPI_Irecv is never completed (MPI_Wait, MPI_Test) or freed
// CHECK: chorus-rt: 4 violations on 2 ranks
// VERIFY: verdict: violation MPI_RESOURCE_LEAK at {{.*}}leaks.c:31:3 (process 0)
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, v = 1, w;
  MPI_Comm c;
  MPI_Request r;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &c);
  if (rank == 0) MPI_Send(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
  if (rank == 1) MPI_Irecv(&w, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, &r);
  MPI_Finalize();
  return 0;
}
