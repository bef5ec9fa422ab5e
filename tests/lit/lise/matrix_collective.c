// verify --lise: seed 004's matrix (Fig. 5; examples/loops/matrix.c) with
// its two ACSL loop invariants written as collective invariants (the
// quantified two-dimensional form: rows done, and the current row's
// prefix). Their ranges `k < i` and `l < j` are counters the loops write:
// the claims keep them symbolic (they were made concrete by the havoc's
// relation and then assumed for every later iteration: the outer inductive
// step failed, possible, not confirmed).
// -DWRONG (b transposed): the prover cannot decide the quantified claim;
// the bounded run with N = 2 that follows refutes it.
//
// RUN: %expect-exit 0 %chorus verify --float real %s --lise --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// RUN: %expect-exit 1 %chorus verify --float real %s --lise -DWRONG --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_INVARIANT at {{.*}}matrix_collective.c:38:14 (process 0)
// BAD-NEXT: found by a concrete run with inputs N=2, K=0, L=0 after --lise ended unknown
#include <assert.h>

#pragma TASS input {N >= 1} int
#define N 3
#pragma TASS input
double a[N][N];
#pragma TASS input
double b[N][N];
double c[N][N];
/* an arbitrary element: the assertion holds for all of them */
#pragma TASS input {0 <= K && K < N} int
#define K 0
#pragma TASS input {0 <= L && L < N} int
#define L 0

int main(void) {
  int i = 0;
#pragma TASS collective invariant OUTER 0 <= i && i <= N && \
    forall {int k | 0 <= k && k < i} forall {int l | 0 <= l && l < N} c[k][l] == a[k][l] + b[k][l]
  while (i < N) {
    int j = 0;
#pragma TASS collective invariant INNER 0 <= i && i < N && 0 <= j && j <= N && \
    (forall {int k | 0 <= k && k < i} forall {int l | 0 <= l && l < N} c[k][l] == a[k][l] + b[k][l]) && \
    forall {int l | 0 <= l && l < j} c[i][l] == a[i][l] + b[i][l]
    while (j < N) {
#ifdef WRONG
      c[i][j] = a[i][j] + b[j][i];
#else
      c[i][j] = a[i][j] + b[i][j];
#endif
      j++;
    }
    i++;
  }
  assert(c[K][L] == a[K][L] + b[K][L]);
  return 0;
}
