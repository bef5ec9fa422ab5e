/*
 * mean_spec.c -- the mean of an array of doubles, by the definition
 * (specification): sum the N elements, then divide by N.
 *
 * Source: seed 004 §3, Fig. 5 row "mean" (two sequential programs computing
 * the mean of an array of doubles, equivalence proved for every N with a
 * joint invariant).  The seed does not print the programs; these follow
 * the mean example of seed 000 §4.4 with its upper bound on N removed.
 * The joint invariant LOOP only labels this loop: the implementation
 * (mean_impl.c) states the relation.  Floating types are reals.
 *     chorus compare mean_spec.c mean_impl.c -n 1 --lise
 */
#pragma TASS input {N >= 1} int
#define N 10

#pragma TASS input
double a[N];
#pragma TASS output
double m;

int main(void) {
  int i;
  double x = 0.0;

#pragma TASS joint invariant LOOP true;
  for (i = 0; i < N; i++)
    x = x + a[i];
  m = x / N;
  return 0;
}
