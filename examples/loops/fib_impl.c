/*
 * fib_impl.c -- limiting ratio of consecutive Fibonacci terms
 * (implementation).
 *
 * Source: seed 004, Fig. 4, first program, with its joint invariant LOOP
 * relating every variable to the specification fib_spec.c (OCR fix: "O0"
 * is 0).  The seed shows the loops only; completed minimally with the
 * same initial values in both programs (j = k = 1, p = 1, err = 1), the
 * input tolerance tol > 0 and the output p.  Arithmetic is over the reals.
 *     chorus compare fib_spec.c fib_impl.c -n 1 --lise  (equivalent, every tol)
 * Variants that must be refuted:
 *   -DWRONG   the absolute value of the error is not taken (err may be
 *             negative: the loop ends early);
 *   -DBASE    an invariant false on entry (p == spec.p + 1).
 */
#pragma TASS input {tol > 0}
double tol;
#pragma TASS output
double p;

int main(void) {
  double j = 1, k = 1, err = 1;

  p = 1;
#if defined(BASE)
#pragma TASS joint invariant LOOP err==spec.err && p==spec.p+1;
#else
#pragma TASS joint invariant LOOP \
    err==spec.err && p==spec.p && j>0 \
    && j==spec.j && k==spec.k && k>0;
#endif
  while (err>=tol) {
    k=j+k; j=k-j; err=k/j-p; p=err+p;
#if !defined(WRONG)
    if (err < 0) err=-err;
#endif
  }
  return 0;
}
