/*
 * mean_impl.c -- the mean of an array of doubles, as a running mean
 * (implementation): after the i-th iteration x is the mean of the first
 * i elements.
 *
 * Source: seed 004 §3, Fig. 5 row "mean" (see mean_spec.c).  The joint
 * invariant relates the two loops at every arrival at their heads: the
 * counters are one apart and x*(i-1) is the specification's partial sum
 * (arithmetic over the reals).  Variants that must be refuted:
 *   -DWRONG   the running mean divides by i+1 (an off-by-one);
 *   -DBASE    an invariant false on entry (x*i == spec.x).
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

#if defined(BASE)
#pragma TASS joint invariant LOOP i == spec.i + 1 && x * i == spec.x + 1;
#else
#pragma TASS joint invariant LOOP \
    i == spec.i + 1 && 1 <= i && i <= N + 1 && x * (i - 1) == spec.x;
#endif
  for (i = 1; i <= N; i++)
#if defined(WRONG)
    x = ((i - 1) * x + a[i - 1]) / (i + 1);
#else
    x = ((i - 1) * x + a[i - 1]) / i;
#endif
  m = x;
  return 0;
}
