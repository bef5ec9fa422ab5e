/*
 * fib_spec.c -- limiting ratio of consecutive Fibonacci terms
 * (specification).
 *
 * Source: seed 004, Fig. 4, second program, with the label pragma
 * "joint invariant LOOP true".  Completed minimally as fib_impl.c.
 *     chorus compare fib_spec.c fib_impl.c
 */
#pragma TASS input {tol > 0}
double tol;
#pragma TASS output
double p;

int main(void) {
  double i, j = 1, k = 1, err = 1, tmp;

  p = 1;
#pragma TASS joint invariant LOOP true;
  while (err>=tol) {
    i=j; j=k; k=i+j; tmp = k/j;
    if (tmp>=p) err=tmp-p; else err=p-tmp;
    p = tmp;
  }
  return 0;
}
