/*
 * mean_impl_bad.c -- BROKEN running mean (off-by-one), must be refuted.
 *
 * Source: seed 000 §4.4 "Mean", Fig. 5 (second program): after the i-th
 * iteration x is the mean of the first i numbers.  Joint assertion C
 * relates it to the specification at every iteration (x*i == spec.x),
 * joint assertion M the final results (m == spec.m).  This holds because
 * arithmetic is over the reals.  Completed minimally as mean_spec.c.
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

  for (i=1; i<=N; i++) {
    x = (i*x + a[i-1])/(i+1); /* BUG: off by one: i-1 and i are shifted */
#pragma TASS joint assert C x*i==spec.x;
  }
  m = x;
#pragma TASS joint assert M m == spec.m;
  return 0;
}
