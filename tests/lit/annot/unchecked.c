// Annotations chorus does not check make the verdict unknown, naming them
// and their location, when the exploration reaches them — never verified.
// A violation elsewhere is still reported.
//
// A collective contract block (seed 002; issue 11):
// RUN: %expect-exit 2 %chorus verify %s -n 2 -DCOLL --quiet | FileCheck %s --check-prefix=COLL
// COLL: verdict: unknown (not checked: the 'mpi collective({{.*}})' block of the contract of 'g' at {{.*}}unchecked.c:31:5 (collective contracts are checked by 'verify --contract g') (and 1 more))
//
// `terminates` and `decreases`:
// RUN: %expect-exit 2 %chorus verify %s -n 1 -DTERM --quiet | FileCheck %s --check-prefix=TERM
// TERM: verdict: unknown (not checked: 'terminates n >= 0 ({{.*}}unchecked.c:36:5)' of the contract of 'fact' (not checked) (and 1 more))
//
// The contract of a function without a body (its library model runs):
// RUN: %expect-exit 2 %chorus verify %s -n 1 -DLIB --quiet | FileCheck %s --check-prefix=LIB
// LIB: verdict: unknown (not checked: the contract of 'abs' at {{.*}}unchecked.c:41:5 ('abs' has no body: chorus runs its library model, not its contract))
//
// An unchecked contract does not hide a violation found later:
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DTERM -DBUG --quiet | FileCheck %s --check-prefix=BUG
// BUG: verdict: violation ASSERTION at {{.*}}unchecked.c:58:3 (process 0)
//
// Nothing unchecked reached: verified.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int x;

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      ensures x == \old(x) + 1; */
void g(void) { MPI_Barrier(MPI_COMM_WORLD); x++; }

/*@ requires n >= 0;
    terminates n >= 0;
    decreases n; */
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

#ifdef LIB
/*@ requires v > -100;
    ensures \result >= 0; */
int abs(int v);
#endif

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
#ifdef COLL
  g();
#endif
#ifdef TERM
  x = fact(3);
#endif
#ifdef LIB
  x = abs(-3);
#endif
#ifdef BUG
  assert(x == 7);
#endif
#if !defined(COLL) && !defined(TERM) && !defined(LIB)
  assert(x == 0);
#endif
  MPI_Finalize();
  return 0;
}
