// The pre-state of a call (for \old) and the entry of a loop (for loop
// assigns) are part of the state: two paths that reach the same values
// inside a call with different pre-states are not merged by state matching.
// Whichever path the search takes first, the one where \old(g) is 3 is
// refuted.
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DSWAP --quiet | FileCheck %s
// CHECK: verdict: violation POSTCONDITION at {{.*}}state_matching.c:20:26 (process 0)
// CHECK: contract of set5: g = 5 and \old(g) = 3
//
// Recursion: each frame keeps its own pre-state.
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DREC --quiet | FileCheck %s --check-prefix=REC
// REC: verdict: verified
#pragma TASS input {c == 0 || c == 1}
int c;
int g;

/*@ ensures g == \old(g) + 1; */
void set5(void) { g = 5; }

/*@ requires n >= 0;
    ensures \result >= 1 && \result >= n;
    assigns g; */
int fact(int n) {
  g = g + 1;
  return n <= 1 ? 1 : n * fact(n - 1);
}

int main(void) {
#ifdef REC
  return fact(4) == 24 ? 0 : 1;
#else
#ifdef SWAP
  if (c)
    g = 3;
  else
    g = 4;
#else
  if (c)
    g = 4;
  else
    g = 3;
#endif
  set5();
  return 0;
#endif
}
