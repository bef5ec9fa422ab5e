// Polling loops that end: process 0 waits for process 1's message by
// repeated MPI_Test on its receive request (-DIPROBE: by repeated
// MPI_Iprobe, then MPI_Recv). A test may find the receive not complete
// even after the message has arrived (chorus explores that outcome), so
// the search meets a cycle of failing tests; but MPI's progress rule (MPI
// 3.1 §3.7.4: repeated tests of an operation that can complete eventually
// succeed; §3.8.1 likewise for MPI_Iprobe) excludes it as a run of the
// real program: verified, and the Open MPI runs exit 0.
// -DNOSEND: process 1 never sends; process 0 polls forever while process
// 1 waits in MPI_Finalize (a fair cycle: the test can only fail):
// NONTERMINATION at the test; Open MPI hangs (killed after 3 s: 124).
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify -n 2 %s --quiet -DIPROBE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DIPROBE %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DNOSEND | FileCheck %s --check-prefix=TEST
// RUN: %expect-exit 124 %native -n 2 --timeout 3 -DNOSEND %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet -DNOSEND -DIPROBE | FileCheck %s --check-prefix=PROBE
// RUN: %expect-exit 124 %native -n 2 --timeout 3 -DNOSEND -DIPROBE %s
// OK: verdict: verified
// TEST: verdict: violation NONTERMINATION at {{.*}}poll.c:43:5 (process 0)
// PROBE: verdict: violation NONTERMINATION at {{.*}}poll.c:37:5 (process 0)
#include <assert.h>
#include <mpi.h>

int main(int argc, char** argv) {
  int rank, x = 0, flag = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    x = 7;
#ifndef NOSEND
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
#endif
  } else if (rank == 0) {
#ifdef IPROBE
    while (!flag)
      MPI_Iprobe(1, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Request req;
    MPI_Irecv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
    while (!flag)
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
#endif
    assert(x == 7);
  }
  MPI_Finalize();
  return 0;
}
// OK-NEXT: every explored execution terminates: the explored state graph has no fair cycle
