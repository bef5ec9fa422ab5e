/*
 * matrix.c -- seed 004's matrix (Fig. 5): the sum of two N x N input
 * matrices, proved for every N >= 1 with two ACSL loop invariants (rows done,
 * columns of the current row done). The assertion checks an arbitrary
 * element (K, L are inputs ranging over 0..N-1), so it holds for all.
 *     chorus verify matrix.c --lise   (verified, all input sizes)
 * -DWRONG: the sum uses the transpose of b; the inner invariant is then not
 * preserved: z3 cannot decide the quantified query about the havocked
 * two-dimensional array (--lise alone: unknown), and the bounded run with
 * N = 2 that follows refutes it (LOOP_INVARIANT at the inner invariant).
 */
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
  /*@ loop invariant 0 <= i <= N &&
        (\forall int k; 0 <= k < i ==> (\forall int l; 0 <= l < N ==> c[k][l] == a[k][l] + b[k][l])); */
  while (i < N) {
    int j = 0;
    /*@ loop invariant 0 <= i < N && 0 <= j <= N &&
          (\forall int k; 0 <= k < i ==> (\forall int l; 0 <= l < N ==> c[k][l] == a[k][l] + b[k][l])) &&
          (\forall int l; 0 <= l < j ==> c[i][l] == a[i][l] + b[i][l]); */
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
