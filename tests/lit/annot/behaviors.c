// ACSL behaviors: a behavior's requires, ensures and assigns apply when its
// assumes holds at the call; `complete behaviors` (some assumes holds) and
// `disjoint behaviors` (no two hold) are checked at every call (BEHAVIORS,
// at the call site). x is a symbolic input.
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// The behavior neg's ensures is false: refuted for a negative x.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DWRONGNEG --quiet | FileCheck %s --check-prefix=WRONGNEG
// WRONGNEG: verdict: violation POSTCONDITION at {{.*}}behaviors.c:69:3 (process 0)
// WRONGNEG-NEXT: the postcondition 'ensures \result == x#{{[0-9]+}} ({{.*}}behaviors.c:61:7)' of behavior neg of 'absval' may not hold at this return
// WRONGNEG: inputs:
// WRONGNEG-NEXT: x = -{{[1-9]}}
//
// Assumes that leave x == 0 uncovered: complete behaviors fails at the call.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DGAP --quiet | FileCheck %s --check-prefix=GAP
// GAP: verdict: violation BEHAVIORS at {{.*}}behaviors.c:95:11 (process 0)
// GAP-NEXT: 'complete behaviors pos, neg' ({{.*}}behaviors.c:62:5) of 'absval' does not hold at this call: no behavior's assumes holds
// GAP: inputs:
// GAP-NEXT: x = 0
//
// Assumes that overlap at 0: disjoint behaviors fails at the call.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DOVERLAP --quiet | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: verdict: violation BEHAVIORS at {{.*}}behaviors.c:95:11 (process 0)
// OVERLAP-NEXT: 'disjoint behaviors pos, neg' ({{.*}}behaviors.c:63:5) of 'absval' does not hold at this call: the assumes of both pos and neg hold
//
// A behavior's requires under its assumes: clamp's behavior big requires
// a nonzero limit.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DBIGZERO --quiet | FileCheck %s --check-prefix=BIGZERO
// BIGZERO: verdict: violation PRECONDITION at {{.*}}behaviors.c:97:11 (process 0)
// BIGZERO-NEXT: the precondition 'requires lim > 0 ({{.*}}behaviors.c:75:7)' of behavior big of 'clamp' may not hold at this call
//
// A behavior's assigns under its assumes: clamp writes *flag when v <= lim.
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DFLAG --quiet | FileCheck %s --check-prefix=FLAG
// FLAG: verdict: violation ASSIGNS at {{.*}}behaviors.c:90:3 (process 0)
// FLAG-NEXT: 'f (of main)' changed (from 0 to 1) but is not in 'assigns \nothing ({{.*}}behaviors.c:81:7)' of behavior small of 'clamp'
#pragma TASS input {x >= -4 && x <= 4}
int x;

#ifdef GAP
#define POS x > 0
#else
#define POS x >= 0
#endif
#ifdef OVERLAP
#define NEG x <= 0
#else
#define NEG x < 0
#endif
#ifdef WRONGNEG
#define NEGRESULT x
#else
#define NEGRESULT -x
#endif
/*@ behavior pos:
      assumes POS;
      ensures \result == x;
    behavior neg:
      assumes NEG;
      ensures \result == NEGRESULT;
    complete behaviors pos, neg;
    disjoint behaviors; */
int absval(int x) {
#ifdef GAP
  if (x == 0)
    return 0;
#endif
  return x < 0 ? -x : x;
}

/*@ requires lim >= 0;
    behavior big:
      assumes v > lim;
      requires lim > 0;
      ensures \result == lim;
      assigns *flag;
    behavior small:
      assumes v <= lim;
      ensures \result == v;
      assigns \nothing; */
int clamp(int v, int lim, int *flag) {
  if (v > lim) {
    *flag = 1;
    return lim;
  }
#ifdef FLAG
  *flag = 1;
#endif
  return v;
}

int main(void) {
  int f = 0;
  int a = absval(x);
#ifdef BIGZERO
  int c = clamp(x * x + 1, 0, &f);
#else
  int c = clamp(a, 2, &f);
#endif
  return a >= 0 && c <= 2 ? 0 : 1;
}
