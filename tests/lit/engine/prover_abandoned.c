// A prover check that ignores its time limit (z3's nonlinear arithmetic
// sometimes does not heed interrupts: a CI run of time_limit_prover.c with
// --time-limit 3 ran past 240 s) is given up once its thread has used
// twice its limit and 3 s more of CPU time (7 s for the default 2 s): it
// keeps running on a thread of its own, the prover goes on with a new z3
// context, the answer is unknown, and chorus ends at once with its verdict
// (no wait for the check, no crash at exit).
// CHORUS_TEST_FAULT=stuck-prover makes every nonlinear check spin for a
// minute without heeding interrupts.
// RUN: env CHORUS_TEST_FAULT=stuck-prover %expect-exit 2 timeout 120 %chorus verify %s --quiet --time-limit 3 | FileCheck %s
// CHECK: verdict: unknown (time-limit reached)
#include <assert.h>

int chorus_nondet_int(void);

int main(void) {
  int x = chorus_nondet_int(), y = chorus_nondet_int();
  if (x > 0 && y > 0 && x < 100 && y < 100)
    assert(x * x != 2 * y * y); /* (true: the square root of 2 is irrational) */
  return 0;
}
