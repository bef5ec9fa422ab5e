// The four false proofs of issue 9 §1: each printed `verdict: verified`
// before annotations were checked. Now each is refuted.
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DLOOPINV --quiet | FileCheck %s --check-prefix=LOOPINV
// LOOPINV: verdict: violation LOOP_INVARIANT at {{.*}}false_proofs.c:37:7 (process 0)
// LOOPINV-NEXT: the 'loop invariant s == 42' may not hold when the loop is entered
//
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCOLLINV --quiet | FileCheck %s --check-prefix=COLLINV
// COLLINV: verdict: violation COLLECTIVE_INVARIANT at {{.*}}false_proofs.c:52:14 (process 0)
// COLLINV-NEXT: collective invariant I of process 0 ('x == 42') may fail
// COLLINV: process 0: snapshot at move {{[0-9]+}} ({{.*}}false_proofs.c:52:14); x = 43
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DCONTRACT --quiet | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: verdict: violation POSTCONDITION at {{.*}}false_proofs.c:63:16 (process 0)
// CONTRACT-NEXT: the postcondition 'ensures \result == 42 ({{.*}}false_proofs.c:62:5)' of 'f' may not hold at this return
// CONTRACT: contract of f: \result = 1
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DPASSERT --quiet | FileCheck %s --check-prefix=PASSERT
// PASSERT: verdict: violation PARALLEL_ASSERTION at {{.*}}false_proofs.c:78:3 (process 0, thread 0)
// PASSERT-NEXT: parallel assertion '0' of thread 0 fails after the write of x by thread 0 at {{.*}}false_proofs.c:78:12
//
// The same programs made true are verified:
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DLOOPINV -DFIXED --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 -DCOLLINV -DFIXED --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DCONTRACT -DFIXED --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 -DPASSERT -DFIXED --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
#include <mpi.h>

#ifdef LOOPINV
int main(void) {
  int s = 0;
#ifdef FIXED
  /*@ loop invariant s == i * (i - 1) / 2; */
  for (int i = 0; i < 3; i++) s += i;
#else
  /*@ loop invariant s == 42; */
  for (int i = 0; i < 3; i++) s += i;
#endif
  return s == 3 ? 0 : 1;
}
#endif

#ifdef COLLINV
int main(int argc, char **argv) {
  int x = 42, i;
  MPI_Init(&argc, &argv);
#ifdef FIXED
#pragma TASS collective invariant I x == 42 + i
  for (i = 0; i < 3; i++) x = x + 1;
#else
#pragma TASS collective invariant I x == 42
  for (i = 0; i < 3; i++) x = x + 1;
#endif
  MPI_Finalize();
  return 0;
}
#endif

#ifdef CONTRACT
/*@ requires n > 0;
    ensures \result == 42; */
int f(int n) { return n; }
int main(void) {
#ifdef FIXED
  int r = f(42);
#else
  int r = f(1);
#endif
  return r;
}
#endif

#ifdef PASSERT
int x;
int main(void) {
#ifndef FIXED
  thru { x = 1; } passert(0);
#else
  thru { x = 1; } passert(x == 1 && LW(x));
#endif
  return 0;
}
#endif
