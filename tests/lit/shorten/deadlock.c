// A deadlock's trace keeps every blocked process's last move: the default
// shortening (lib/search/Shorten.cpp) keeps a trace only when its replay
// ends in the same deadlock (the same processes blocked in the same calls),
// and every process must then be blocked or terminated, so the trace keeps
// all moves here. --shortest finds the run where process 2's loop, whose
// count is an input, runs no iteration; the replay of either trace
// reproduces the deadlock.
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet --json %t.json | FileCheck %s --check-prefixes=CHECK,LONG
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet --shortest --json %t.min.json | FileCheck %s --check-prefixes=CHECK,MIN
// RUN: %expect-exit 1 %chorus replay %t.min.json | FileCheck %s --check-prefix=REPLAY
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}deadlock.c:36:5 (process 0)
// CHECK-NEXT: deadlock: process 0 blocked MPI_Recv at {{.*}}deadlock.c:36:5 (waits for a message from process 1 with tag 0); process 1 blocked MPI_Recv at {{.*}}deadlock.c:39:5 (waits for a message from process 0 with tag 0)
// MIN: --shortest found [[N:[0-9]+]] moves ({{[0-9]+}} steps, confirmed by replay); minimum length [[N]] moves proved
// CHECK: trace:
// CHECK-DAG: [p0] {{.*}}deadlock.c:35:3: [rank == 0]
// CHECK-DAG: [p1] {{.*}}deadlock.c:38:10: [rank == 1]
// LONG-DAG: [p2] {{.*}}deadlock.c:33:9: y = y + i
// MIN-NOT: y = y + i
// CHECK: inputs:
// REPLAY: replay: violation ABSOLUTE_DEADLOCK at {{.*}}deadlock.c:{{[0-9]+}}:5 confirmed
#include <chorus.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, x = 0, y = 0;
  int n = chorus_nondet_int();
  chorus_assume(n >= 0 && n <= 3);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 2) { // busy with something else, then done
    for (int i = 0; i < n; i++)
      y += i;
  }
  if (rank == 0) {
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return y;
}
