// `ensures` is checked at every return (POSTCONDITION, at the return
// statement): `\old(e)` is e in the pre-state (at the call), `\result` the
// returned value, and a parameter means its value at the call (ACSL), even
// when the body assigns it.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// inc adds 2: its \old postcondition fails at its return.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DINC2 --quiet | FileCheck %s --check-prefix=INC2
// INC2: verdict: violation POSTCONDITION at {{.*}}ensures.c:43:1 (process 0)
// INC2-NEXT: the postcondition 'ensures *p == \old(*p) + 1 ({{.*}}ensures.c:36:5)' of 'inc' may not hold at this return
// INC2: contract of inc: *p = 7 and \old(*p) = 5
//
// In `ensures \result == n` the parameter n is its value at the call (3),
// not the value the body gave it (4).
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DPARAM --quiet | FileCheck %s --check-prefix=PARAM
// PARAM: verdict: violation POSTCONDITION at {{.*}}ensures.c:52:3 (process 0)
// PARAM-NEXT: the postcondition 'ensures \result == n ({{.*}}ensures.c:48:5)' of 'next' may not hold at this return
//
// Every return is checked: the early return of sign is wrong for x < 0,
// found for the symbolic input x.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DSIGN --quiet | FileCheck %s --check-prefix=SIGN
// SIGN: verdict: violation POSTCONDITION at {{.*}}ensures.c:60:5 (process 0)
// SIGN: inputs:
// SIGN-NEXT: x = -{{[0-9]+}}
//
// A non-void function that ends without returning a value: \result is
// uninitialized.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DNORET --quiet | FileCheck %s --check-prefix=NORET
// NORET: verdict: violation POSTCONDITION at {{.*}}ensures.c:73:1 (process 0)
// NORET-NEXT: the postcondition 'ensures \result == 0 ({{.*}}ensures.c:69:5)' of 'noret' cannot be evaluated
#pragma TASS input {x >= -3 && x <= 3}
int x;

/*@ ensures *p == \old(*p) + 1; */
void inc(int *p) {
#ifdef INC2
  *p = *p + 2;
#else
  *p = *p + 1;
#endif
}

/*@ ensures \result == n + 1;
    ensures \result == \old(n) + 1; */
#ifdef PARAM
/*@ ensures \result == n; */
#endif
int next(int n) {
  n = n + 1;
  return n;
}

/*@ ensures \result >= 0;
    ensures \result == 0 <==> x == 0; */
int sign(int x) {
#ifdef SIGN
  if (x != 0)
    return x;
#endif
  if (x > 0)
    return 1;
  if (x < 0)
    return 1;
  return 0;
}

/*@ ensures \result == 0; */
int noret(int k) {
  if (k > 0)
    return 0;
}

int main(void) {
  int a = 5;
  inc(&a);
  int b = next(3);
  int c = sign(x);
#ifdef NORET
  c = noret(0);
#endif
  return a + b + c == 11 ? 0 : 1;
}
