// verify --lise: a collective invariant quantified over the processes and
// over array indices up to a counter the loop writes ("every process r has
// filled c[0..i-1] with a[k] + r"). The counter's value at a record is
// fixed only by the havoc's relation (i == 1 after the first iteration);
// the claim, which joins the path condition once that relation is dropped,
// must keep `k < i` symbolic: it was expanded to k == 0 alone, so every
// later iteration assumed only c[0] and the inductive step failed
// (POSSIBLE_INVARIANT_VIOLATION, not confirmed). Also the sequential
// matrix.c of Fig. 5 with its two-dimensional invariants written as
// collective invariants (tests/lit/lise/matrix_collective.test).
//   -DBAD   process 1 writes a wrong c[1]: refuted at the invariant
//
// RUN: %expect-exit 0 %chorus verify %s -n 1..2 --lise --float real --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 --lise --float real --no-overflow-check -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_INVARIANT at {{.*}}quantified.c:35:14 (process 0)
// BAD-NEXT: confirmed by a concrete run with inputs N=
#include <mpi.h>

#pragma TASS input {N >= 1} int
#define N 3
#pragma TASS input
double a[N];
double c[N];
#pragma TASS input {0 <= K && K < N} int
#define K 0

int main(int argc, char **argv) {
  int i = 0, rank, nprocs;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
#pragma TASS collective invariant L i == PROC[0]@main.i && 0 <= i && i <= N && \
    forall {int r | 0 <= r && r < nprocs} \
      forall {int k | 0 <= k && k < i} PROC[r]@main.c[k] == a[k] + PROC[r]@main.rank
  while (i < N) {
#if defined(BAD)
    c[i] = a[i] + rank + (rank == 1 && i == 1);
#else
    c[i] = a[i] + rank;
#endif
    i++;
  }
#pragma TASS collective assert END c[K] == a[K] + rank
  MPI_Finalize();
  return 0;
}
