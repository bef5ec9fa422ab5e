// Two processes pass a token back and forth forever; each waits for it by
// polling its receive with MPI_Test, flipping k at every test. The search
// meets only unfair cycles on its stack (a test that keeps failing although
// the token has arrived; one process polling while the other could move):
// the cycles where every test ends run through states it had already left
// (a failed test flips k, which the next `k = 0` forgets). The check of the
// strongly connected components of the explored graph finds the fair cycle
// there (MPI's progress rule: a test that fails where it could complete is
// fair when it completes later in the cycle) and reports NONTERMINATION
// with a lasso built from the component (the path to it, then a tour of
// its fair part); `chorus replay` confirms it. Open MPI runs forever
// (killed after 3 s: exit 124).
// -DFIXED: process 0 takes the token twice, process 1 three times (it
// keeps the last one): verified, with the termination promise; the Open
// MPI run exits 0.
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet | FileCheck %s
// RUN: %expect-exit 124 %native -n 2 --timeout 3 %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet --json %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 0 %chorus verify -n 2 %s -DFIXED --quiet | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 0 %native -n 2 -DFIXED %s
// CHECK: verdict: violation NONTERMINATION at {{.*}}ring.c:50:5 (process 0)
// CHECK-NEXT: this move returns to an earlier state of the execution: the cycle can repeat forever and every process or thread that can move in it takes part (a fair cycle: process 0 over lines 45-59, process 1 over lines 45-59), so the program does not terminate
// CHECK: -- the cycle starts here: moves
// JSON: "kind": "NONTERMINATION", "location": {"file": "{{.*}}ring.c", "line": 50, "col": 5}, "process": 0
// JSON: "cycleStart":
// REPLAY: replay: violation NONTERMINATION at {{.*}}ring.c:50:5 confirmed
// FIXED: verdict: verified
// FIXED-NEXT: every explored execution terminates: the explored state graph has no fair cycle
#include <mpi.h>

int main(int argc, char** argv) {
  int rank, x = 0, y = 1, flag, k;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int other = 1 - rank;
  if (rank == 0)
    MPI_Send(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
#ifdef FIXED
  int rounds = 0, last = rank == 0 ? 2 : 3;
  while (rounds < last) {
#else
  while (1) {
#endif
    MPI_Irecv(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD, &req);
    k = 0;
    flag = 0;
    while (!flag) {
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
      k = 1 - k;
    }
    k = 0;
#ifdef FIXED
    if (++rounds == 3)
      break;
#endif
    MPI_Send(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
// The HTML report of a verified run says whether termination is promised.
// RUN: %expect-exit 0 %chorus verify -n 2 %s -DFIXED --quiet --html %t.html > /dev/null
// RUN: FileCheck %s --check-prefix=HTML < %t.html
// HTML: <div id="termination"><b>terminates</b>: every explored execution terminates: the explored state graph has no fair cycle.</div>
