/*
 * mean_spec.c -- the mean of an array, by the definition (specification).
 *
 * Source: seed 000 §4.4 "Mean", Fig. 5 (first program): sum the elements,
 * then divide by N.  The joint assertions C and M only label locations
 * here; the implementation (mean_impl.c) states the relations.  The seed
 * shows the two loops only; completed minimally with the input N bounded
 * above by 10 (as in the seed's experiment), the input array a and the
 * output m.
 *     chorus compare mean_spec.c mean_impl.c
 */
#pragma TASS input {N >= 1 && N <= 10} int
#define N 10

#pragma TASS input
double a[N];
#pragma TASS output
double m;

double x = 0.0;

int main(void) {
  int i;

  for (i=0; i<N; i++) {
    x = x + a[i];
#pragma TASS joint assert C true;
  }
  m = x/N;
#pragma TASS joint assert M true;
  return 0;
}
