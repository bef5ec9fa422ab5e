// Chains of moves (lib/exec/DESIGN-NOTES.md, "Chains"): a run of moves where
// the POR expands one move at a time is one transition, its states not
// saved. Counterexamples are the same as when every state is saved (the
// chain's steps are replayed), violations deep inside a chain are found at
// their move, an endless loop of one process is cut into chains whose cycle
// makes the search expand the others (cycle proviso), and a block that
// becomes unreachable inside a chain is reported as a leak where it happens.
// -DCYCLE really hangs (process 0 never reaches MPI_Finalize; Open MPI is
// killed after 3 s): NONTERMINATION once process 1 waits in MPI_Finalize
// (this test expected `verified` before plain verify checked cycles, which
// was wrong); -DCYCLE -DBROKEN: the cycle proviso lets process 1 run into
// its failing assertion while process 0 loops.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --no-chains | FileCheck %s --check-prefix=OKALL
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DDIV --json %t.div.json | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DDIV --no-chains | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 1 %chorus replay %t.div.json | FileCheck %s --check-prefix=DIVREPLAY
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DCYCLE | FileCheck %s --check-prefix=HANG
// RUN: %expect-exit 124 %native -n 2 --timeout 3 -DCYCLE %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DCYCLE -DBROKEN | FileCheck %s --check-prefix=CYCLE
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// OK: verdict: verified
// OK: states saved 4
// OKALL: verdict: verified
// OKALL: states saved 12039
// HANG: verdict: violation NONTERMINATION at {{.*}}chains.c:53:9 (process 0)
// DIV: verdict: violation DIVISION_BY_ZERO at {{.*}}chains.c:46:15 (process 0)
// DIV: 2110. [p0] {{.*}}chains.c:46:10: a[{{.*}}] = 10 / ({{.*}} - 700)
// DIV-NEXT: inputs:
// DIVREPLAY: replay: violation DIVISION_BY_ZERO at {{.*}}chains.c:46:15 confirmed (2110 moves)
// CYCLE: verdict: violation ASSERTION at {{.*}}chains.c:55:3 (process 1)
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}chains.c:59:12 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define N 1000
int a[N];

int main(int argc, char **argv) {
  int rank, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < N; i++)
#ifdef DIV
    a[i] = 10 / (i - 700);
#else
    a[i] = 10 / (i + 1);
#endif
#ifdef CYCLE
  if (rank == 0)
    while (1)
      x = 0;
#ifdef BROKEN
  assert(rank != 1);
#endif
#endif
#ifdef LEAK
  int *p = malloc(sizeof(int));
  p = 0;
#endif
  for (int i = 0; i < N; i++)
    x += a[i];
  assert(x == 27); /* 10/1 + 10/2 + ... + 10/10, then zeros */
  MPI_Finalize();
  return 0;
}
