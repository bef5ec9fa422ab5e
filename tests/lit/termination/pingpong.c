// An MPI ping-pong that never ends: process 0 sends the ball and waits for
// it back, process 1 returns it, until the ball has been hit 4 times; but
// nobody counts the hits (the increment is missing), so both loop forever.
// The state after each round is the one before it, and both processes move
// in the round: a fair cycle, NONTERMINATION at the move that closes it
// (the Open MPI run hangs: killed after 3 s, exit 124).
// -DFIXED: process 1 counts the hits: verified, Open MPI exits 0.
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet | FileCheck %s
// RUN: %expect-exit 124 %native -n 2 --timeout 3 %s
// RUN: %expect-exit 1 %chorus verify -n 2 %s --quiet --json %t.json > /dev/null
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 0 %chorus verify -n 2 %s -DFIXED --quiet | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 0 %native -n 2 -DFIXED %s
// CHECK: verdict: violation NONTERMINATION at {{.*}}pingpong.c:25:7 (process 0)
// FIXED: verdict: verified
// REPLAY: replay: violation NONTERMINATION at {{.*}}pingpong.c:25:7 confirmed (23 moves)
#include <mpi.h>

int main(int argc, char** argv) {
  int rank, hits = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  while (hits < 4) {
    if (rank == 0) {
      MPI_Send(&hits, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&hits, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&hits, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef FIXED
      hits++;
#endif
      MPI_Send(&hits, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
// FIXED-NEXT: every explored execution terminates: the explored state graph has no fair cycle
