/*
 * sum.c -- a sequential loop with an ACSL loop invariant (the
 * single-process form of LISE, seed 004 §1.1): s == 2*i is preserved by
 * every iteration, so s == 2*n after the loop, for every n (CORRECT).
 *     chorus verify sum.c -n 1 --lise   (verified, all input sizes)
 * -DWRONG: the invariant s == i holds on entry (0 == 0) but not after the
 * first iteration (refuted: LOOP_INVARIANT, a real execution).
 * -DBASE: the invariant s == 2*i + 1 does not hold on entry (LOOP_INVARIANT).
 * -DWEAK: 0 <= s <= 2*n holds on every execution but is not inductive: from
 * an arbitrary iteration where it holds it need not hold at the end
 * (POSSIBLE_INVARIANT_VIOLATION: LISE cannot tell a too weak invariant from
 * a false one).
 */
#include <assert.h>

#pragma TASS input {n >= 0 && n <= 1000000}
int n;

int main(void) {
  int i = 0, s = 0;
#if defined(WRONG)
  /*@ loop invariant 0 <= i <= n && s == i; */
#elif defined(WEAK)
  /*@ loop invariant 0 <= i <= n && 0 <= s <= 2 * n; */
#elif defined(BASE)
  /*@ loop invariant 0 <= i <= n && s == 2 * i + 1; */
#else
  /*@ loop invariant 0 <= i <= n && s == 2 * i; */
#endif
  while (i < n) {
    s += 2;
    i++;
  }
  assert(s == 2 * n);
  return 0;
}
