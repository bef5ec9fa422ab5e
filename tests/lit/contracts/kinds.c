// verify --contract f (issue 11): the collective errors of seed 002
// Def. 2.5 that are not shown by the examples (tests/lit/contracts/
// examples.test), each a violation with its kind, location and process.
//
// SEGMENT_BOUNDARY (Def. 2.5 (3)): process 0 returns from seg after its
// send; process 1 receives that message and then sends to process 0,
// which has left the call (the search runs process 0 first).
// RUN: %expect-exit 1 %chorus verify %s --contract seg -n 2 --quiet | FileCheck %s --check-prefix=SEG
// SEG: verdict: violation SEGMENT_BOUNDARY at {{.*}}kinds.c:58:5 (process 1)
// SEG-NEXT: a message from process 1 to process 0 after process 0 returned from 'seg'
//
// MPI_USES: 'mpi uses' names MPI_COMM_SELF only, the message goes on
// MPI_COMM_WORLD.
// RUN: %expect-exit 1 %chorus verify %s --contract uses -n 2 --quiet | FileCheck %s --check-prefix=USES
// USES: verdict: violation MPI_USES at {{.*}}kinds.c:70:5 (process 0)
//
// NONTERMINATION (Def. 2.6: total correctness): a loop that returns to the
// same state.
// RUN: %expect-exit 1 %chorus verify %s --contract spin -n 1 --quiet | FileCheck %s --check-prefix=SPIN
// SPIN: verdict: violation NONTERMINATION at {{.*}}kinds.c:82:7 (process 0)
//
// ASSIGNS of the collective block, for the function under verification
// itself (which the seed's prototype did not check).
// RUN: %expect-exit 1 %chorus verify %s --contract bump -n 2 --quiet | FileCheck %s --check-prefix=ASSIGNS
// ASSIGNS: verdict: violation ASSIGNS at {{.*}}kinds.c:93:1 (process 0)
// ASSIGNS-NEXT: 'y' changed
//
// The precondition restricts the inputs: verified with it, refuted by
// COLLECTIVE_POSTCONDITION without it (-DNOPRE: the sum of two ranks' n
// may be odd).
// RUN: %expect-exit 0 %chorus verify %s --contract half -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --contract half -n 2 -DNOPRE --quiet | FileCheck %s --check-prefix=NOPRE
// OK: verdict: verified
// NOPRE: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}kinds.c:104:7 (process 0)
//
// Bad input (exit 3) and what is not supported yet (unknown, exit 2).
// RUN: %expect-exit 3 %chorus verify %s --contract nosuch -n 1 2>&1 | FileCheck %s --check-prefix=NOSUCH
// NOSUCH: chorus: error: --contract nosuch: no function 'nosuch' in the program
// RUN: %expect-exit 3 %chorus verify %s --contract plain -n 1 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: chorus: error: --contract plain: function 'plain' has no 'mpi collective' contract block
// RUN: %expect-exit 2 %chorus verify %s --contract opaque -n 1 --quiet | FileCheck %s --check-prefix=VOIDP
// VOIDP: verdict: unknown (unsupported: --contract opaque: parameter 'p' of type 'void*': no '\mpi_buf(p, count, datatype)' of the contract gives it a basic datatype
#include <mpi.h>

int y;

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void seg(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
}

/*@ mpi uses MPI_COMM_SELF;
    mpi collective(MPI_COMM_SELF):
      assigns \nothing;
*/
void uses(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else if (rank == 1)
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void spin(void) {
  int k = 0;
  while (k == 0)
    k = k * 2;
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void bump(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  y = y + (y < 100);
}

#ifdef NOPRE
#define EVEN \true
#else
#define EVEN n % 2 == 0
#endif
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires EVEN;
      requires 0 <= n <= 100;
      ensures \result == \sum(0, \mpi_comm_size - 1, \lambda integer t; \mpi_on(n, t)) / 2;
*/
int half(int n) {
  int h = n / 2, r = 0;
  MPI_Allreduce(&h, &r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return r;
}

/*@ requires x > 0; */
int plain(int x) { return x; }

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void opaque(void *p) { (void)p; }

// NONTERMINATION through the moves of two processes (a ping-pong forever),
// and a loop whose state repeats only every third iteration: runs of moves
// are chained in a --contract run, and a chain ends at its 8th move into a
// head of a cycle of the program graph, so these cycles are found within a
// few rounds (without that stop the ping-pong's chains went round 20,486
// moves). With -DSTOP both end: verified.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void pingpong(void) {
  int rank, size, x = 0, k = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  while (size >= 2 && rank < 2) {
    if (rank == 0) {
      MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
#ifdef STOP
    if (++k == 5)
      break;
#endif
  }
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void third(void) {
  int a = 0, k = 0;
  for (;;) {
    a = (a + 1) % 3;
#ifdef STOP
    if (++k == 7)
      break;
#endif
  }
}

// RUN: %expect-exit 1 %chorus verify %s --contract pingpong -n 1..3 --quiet | FileCheck %s --check-prefix=PINGPONG
// PINGPONG: verdict: violation NONTERMINATION at {{.*}}kinds.c:138:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --contract third -n 1 --quiet | FileCheck %s --check-prefix=THIRD
// THIRD: verdict: violation NONTERMINATION at {{.*}}kinds.c:157:7 (process 0)
// RUN: %expect-exit 0 %chorus verify %s --contract pingpong -DSTOP -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract third -DSTOP -n 1 --quiet | FileCheck %s --check-prefix=OK
