// verify --infer-invariants: a loop that cannot be a collective loop loses
// its annotation instead of ending the inference. The loop over k runs
// `rank` times: as a collective loop (any candidate, even `true`) its
// processes leave it on different iterations, a CONFLICTING_LOOP_EXIT that
// names no candidate. Until session 18 that violation was the program's
// verdict (a false alarm: the program is correct for every N); now the
// loop's candidates are all dropped, LISE executes it (k's bound is the
// concrete rank), and the loop over i (symbolic N) is proved with its
// inferred invariant.
//   -DBAD      the assertion after the loop over k is off by one
//   -DBADSTEP  the counter i steps by 2 (i may pass N)
//
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --no-overflow-check --infer-invariants > %t.out
// RUN: FileCheck %s --check-prefix=OK < %t.out
// OK: verdict: verified (all input sizes: loops under inferred invariants proved by LISE
// OK: {{.*}}infer_structure.c:42:3: loop in main ({{[0-9]+}} tried, none kept): no invariant: as a collective loop it gave CONFLICTING_LOOP_EXIT (process 1), so LISE executes it
// OK-NEXT: {{.*}}infer_structure.c:46:3: loop in main ({{[0-9]+}} tried, {{[0-9]+}} kept):
// OK-NEXT: #pragma TASS collective invariant inferred2 {{.*}}i == PROC[0]@main.i
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 --no-overflow-check --infer-invariants -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation ASSERTION at {{.*}}infer_structure.c:45:3 (process 0)
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 --no-overflow-check --infer-invariants -DBADSTEP --quiet | FileCheck %s --check-prefix=BADSTEP
// BADSTEP: verdict: violation ASSERTION at {{.*}}infer_structure.c:53:3 (process 0)
#include <mpi.h>
#include <assert.h>

#pragma TASS input {N >= 1}
int N;

#ifdef BAD
#define OFF 1
#else
#define OFF 0
#endif

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int s = 0;
  for (int k = 0; k < rank; k++)
    s++;
  int i = 1;
  assert(s == rank + OFF);
  while (i < N) {
#ifdef BADSTEP
    i += 2;
#else
    i++;
#endif
  }
  assert(i == N);
  MPI_Finalize();
  return 0;
}
