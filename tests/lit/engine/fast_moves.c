// Fast moves (lib/exec/FastMoves.cpp): inside a chain, concrete integer
// moves run without a Machine and keep the scalars they write unboxed until
// the run ends. They must make exactly the moves the ordinary engine makes:
// the same states saved and matched, the same transitions, the same
// violations at the same step of the same trace, `chorus replay` confirming
// them; `--check-fast-moves` redoes every run with the ordinary moves and
// compares the states (an internal error, verdict unknown, if they differ).
// A symbolic value entering a variable the loop counts with, and a loop with
// a symbolic bound, leave the fast moves to the ordinary ones (forks, path
// conditions). Two branches that reach the same values, one by a counting
// loop in fast moves and one by a plain assignment, meet (one state matched).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --check-fast-moves | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --no-fast-moves | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DOVERFLOW --check-fast-moves --json %t.ov.json | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DOVERFLOW --no-fast-moves | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 1 %chorus replay %t.ov.json | FileCheck %s --check-prefix=OVREPLAY
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DBOUNDS --check-fast-moves | FileCheck %s --check-prefix=BOUNDS
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DBOUNDS --no-fast-moves | FileCheck %s --check-prefix=BOUNDS
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DUNINIT --check-fast-moves | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DSYMBOLIC -DBROKEN --check-fast-moves | FileCheck %s --check-prefix=SYMBAD
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DSYMBOLIC --check-fast-moves | FileCheck %s --check-prefix=SYMOK
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DSYMBOLIC --no-fast-moves | FileCheck %s --check-prefix=SYMOK
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DBROKEN --check-fast-moves | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %chorus verify %s -n 1 -DFOREVER --quiet --time-limit 1 | FileCheck %s --check-prefix=TIME
// RUN: %expect-exit 2 %chorus verify %s -n 1 -DFOREVER --quiet --max-depth 5000 | FileCheck %s --check-prefix=DEPTH
// OK: verdict: verified
// OK: states saved 11
// OK-NEXT: states matched 2
// OK-NEXT: transitions 38186
// OVERFLOW: verdict: violation SIGNED_OVERFLOW at {{.*}}fast_moves.c:79:11 (process 0)
// OVERFLOW: 13081. [p0] {{.*}}fast_moves.c:79:7: s = s + 100000000
// OVREPLAY: replay: violation SIGNED_OVERFLOW at {{.*}}fast_moves.c:79:11 confirmed (13081 moves)
// BOUNDS: verdict: violation OUT_OF_BOUNDS at {{.*}}fast_moves.c:84:15 (process 0)
// UNINIT: verdict: violation UNINITIALIZED_READ at {{.*}}fast_moves.c:90:9 (process 0)
// SYMBAD: verdict: violation ASSERTION at {{.*}}fast_moves.c:100:3 (process 0)
// SYMOK: verdict: verified
// SYMOK: states saved 9
// SYMOK-NEXT: states matched 5
// SYMOK-NEXT: transitions 14697
// BAD: verdict: violation ASSERTION at {{.*}}fast_moves.c:117:3 (process 1)
// TIME: verdict: unknown (time-limit reached; the loop at {{.*}}fast_moves.c:{{[0-9]+}}:3 of process 0 does not repeat a state: {{.*}} at every round)
// DEPTH: verdict: unknown (max-depth reached)
#include <assert.h>
#include <chorus.h>
#include <mpi.h>

#define N 3000
int buffer[N]; // packed (more than 1024 integers)
int total;

int main(int argc, char **argv) {
  int rank, nprocs, i, s = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  // a counting loop over a packed array, a global scalar, reads of the
  // array, a guard with && and a conversion to _Bool
  for (i = 0; i < N && i >= 0; i++) {
    buffer[i] = (i + 1) * 2 - 1;
    total = total + buffer[i] % 7;
  }
  _Bool odd = buffer[N - 1] % 2;
  assert(odd && total == 8997);
  // the same values reached through different paths: a loop and an
  // assignment (the states meet after the branch)
  int k = 0;
  if (chorus_nondet_int()) {
    while (k < 500)
      k += 1;
  } else {
    k = 500;
  }
  for (i = 0; i < 5; i++)
    s = s + k / 100;
  assert(s == 25);
#ifdef OVERFLOW
  s = 2000000000 - 2500000000 / 2;
  for (i = 0; i < 100; i++)
    s = s + 100000000; // overflows at i == 13
#endif
#ifdef BOUNDS
  // the last iteration writes past the end
  for (i = 0; i <= N; i++)
    buffer[i] = rank;
#endif
#ifdef UNINIT
  int u;
  for (i = 0; i < 100; i++)
    if (i == 90)
      s = s + u;
#endif
#ifdef SYMBOLIC
  // a symbolic value enters the counter; a symbolic loop bound
  int n = chorus_nondet_int();
  chorus_assume(0 <= n && n <= 4);
  int c = 0;
  for (i = 0; i < n; i++)
    c = c + 2;
#ifdef BROKEN
  assert(c != 6);
#endif
  assert(c == 2 * n);
  int x = n;
  for (i = 0; i < 100; i++)
    x = x + 1;
  assert(x == n + 100);
#endif
#ifdef FOREVER
  // never ends (mathematical progress: no state repeats)
  long long t = 0;
  while (1)
    t = t + 1;
#endif
  int sum = 0;
  MPI_Allreduce(&buffer[N - 1], &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifdef BROKEN
  assert(rank == 0);
#endif
  assert(sum == nprocs * (2 * N - 1));
  MPI_Finalize();
  return 0;
}
