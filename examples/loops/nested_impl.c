/*
 * nested_impl.c -- the double sum of nested_spec.c as the sum over i of i
 * times the inner sum t of 1..i (implementation).
 *
 * Source: seed 004 §3, Fig. 5 row "nested" (see nested_spec.c).  OUTER:
 * the counters and the sums agree; INNER: the specification's partial sum
 * is this program's outer sum plus i*t.  Variants that must be refuted:
 *   -DWRONG   the inner loop stops one early (j < i);
 *   -DWEAK    INNER without the relation of the sums (not inductive: the
 *             outputs cannot be proved equal).
 *     chorus compare nested_spec.c nested_impl.c -n 1 --lise --no-overflow-check
 */
#pragma TASS input {N >= 0}
int N;
#pragma TASS output
int s;

#if defined(WRONG)
#define LAST (i - 1)
#else
#define LAST i
#endif

int main(void) {
  int i = 1, j, t;

  s = 0;
#pragma TASS joint invariant OUTER i == spec.i && s == spec.s && i >= 1;
  while (i <= N) {
    j = 1;
    t = 0;
#if defined(WEAK)
#pragma TASS joint invariant INNER i == spec.i && j == spec.j && j >= 1;
#else
#pragma TASS joint invariant INNER \
    i == spec.i && j == spec.j && 1 <= j && j <= i + 1 && spec.s == s + i * t;
#endif
    while (j <= LAST) {
      t = t + j;
      j++;
    }
    s = s + i * t;
    i++;
  }
  return 0;
}
