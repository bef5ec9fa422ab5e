// verify --lise on loops that are not one `while` head with two exits
// (model/NormalizeLoop.h): a break, `for (;;)`, a call in the condition,
// do-while, `while (1)` left by return, and goto out of the body are
// normalized to one head H with two guarded exits (an exit selector set
// on each way out), not rejected. The invariant is claimed at every
// arrival at H that starts an iteration (the top of the body); a process
// leaving by an exit of the body is neither checked nor havocked there, so
// the exit's own condition (i == 7 at the break) is known after the loop.
// Each form: verified for every N, a broken variant (OFF=1: an off-by-one)
// refuted with its kind, location and process, and a bounded run agrees.
//
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DBREAK -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --input N=12 -DBREAK -DOFF=0 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DBREAK -DOFF=1 --quiet | FileCheck %s --check-prefix=BREAK
// BREAK: verdict: violation ASSERTION at {{.*}}normalize.c:58:3 (process 0)
// BREAK-NEXT: confirmed by a concrete run with inputs N={{[0-9]+}}
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DFOREVER -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DFOREVER -DOFF=1 --quiet | FileCheck %s --check-prefix=FOREVER
// FOREVER: verdict: violation ASSERTION at {{.*}}normalize.c:66:3 (process 0)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DCALL -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --input N=12 -DCALL -DOFF=0 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DCALL -DOFF=1 --quiet | FileCheck %s --check-prefix=CALL
// CALL: verdict: violation ASSERTION at {{.*}}normalize.c:71:3 (process 0)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DDO -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --input N=12 -DDO -DOFF=0 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DDO -DOFF=1 --quiet | FileCheck %s --check-prefix=DO
// DO: verdict: violation ASSERTION at {{.*}}normalize.c:77:3 (process 0)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DRETURN -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DRETURN -DOFF=1 --quiet | FileCheck %s --check-prefix=RETURN
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DRETURN -DOFF=1 --quiet | FileCheck %s --check-prefix=RETURN
// RETURN: verdict: violation ASSERTION at {{.*}}normalize.c:85:5 (process 0)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --lise -DGOTO -DOFF=0 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --input N=12 -DGOTO -DOFF=0 --quiet | FileCheck %s --check-prefix=BOUNDED
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise -DGOTO -DOFF=1 --quiet | FileCheck %s --check-prefix=GOTO
// GOTO: verdict: violation COLLECTIVE_INVARIANT at {{.*}}normalize.c:89:14 (process 0)
// GOTO-NEXT: the collective invariant K may not hold after an iteration of the loop (inductive step)
// OK: verdict: verified (all input sizes
// BOUNDED: verdict: verified
#include <mpi.h>
#include <assert.h>

#pragma TASS input {N >= 0 && N < 1000}
int N;

int next(int i) { return i + 1; }

int main(int argc, char **argv) {
  int rank, i = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#if defined(BREAK)
#pragma TASS collective invariant K 0 <= i && i <= N && i <= 7 && i == PROC[0]@main.i
  while (i < N) {
    if (i == 7)
      break;
    i++;
  }
  assert(i == N || i == 7 + OFF);
#elif defined(FOREVER)
#pragma TASS collective invariant K 0 <= i && i <= N && i == PROC[0]@main.i
  for (;;) {
    if (i >= N + OFF)
      break;
    i++;
  }
  assert(i == N);
#elif defined(CALL)
#pragma TASS collective invariant K 0 <= i && i <= N && i == PROC[0]@main.i
  while (next(i) <= N + OFF)
    i = next(i);
  assert(i == N);
#elif defined(DO)
#pragma TASS collective invariant K 0 <= i && (i == 0 || i < N) && i == PROC[0]@main.i
  do
    i++;
  while (i < N);
  assert(i == N || (N == 0 && i == 1 - OFF));
#elif defined(RETURN)
#pragma TASS collective invariant K 0 <= i && i <= 5 && i == PROC[0]@main.i
  while (1) {
    if (i == 5 + OFF) {
      MPI_Finalize();
      return 0;
    }
    assert(i < 5);
    i++;
  }
#elif defined(GOTO)
#pragma TASS collective invariant K 0 <= i && i <= N && i == PROC[0]@main.i
  while (1) {
    if (i >= N)
      goto done;
    i += 1 + OFF;
  }
done:
  assert(i == N);
#endif
  MPI_Finalize();
  return 0;
}
