/*
 * nested_spec.c -- a double sum by two nested loops (specification):
 * s = sum over 1 <= j <= i <= N of i*j.
 *
 * Source: seed 004 §3, Fig. 5 row "nested" (two sequential programs, one
 * summing i*j over the nested range, the other summing i times the inner
 * sum of j; equivalence proved for every N).  The seed does not print the
 * programs; written from that description.  The joint invariants OUTER
 * and INNER only label these loops; nested_impl.c states the relations.
 * Integers are mathematical as in the seed (--no-overflow-check: with C
 * ints the sum overflows for large N).
 *     chorus compare nested_spec.c nested_impl.c -n 1 --lise --no-overflow-check
 */
#pragma TASS input {N >= 0}
int N;
#pragma TASS output
int s;

int main(void) {
  int i = 1, j;

  s = 0;
#pragma TASS joint invariant OUTER true;
  while (i <= N) {
    j = 1;
#pragma TASS joint invariant INNER true;
    while (j <= i) {
      s = s + i * j;
      j++;
    }
    i++;
  }
  return 0;
}
