// Three communicator parameters (issue 11; lib/exec/DESIGN-NOTES.md
// "Decisions where the seed is silent", several MPI_Comm parameters). A
// caller may pass the same communicator for some parameters and different
// ones for others; the driver P^f (seed 002 §2.2) runs f on one group, so
// the processes of each are f's, and what differs between calls is which
// parameters are one communicator: a set partition of them. The first run
// binds them all to MPI_COMM_WORLD; the CLI then runs every other partition
// (Bell(3) = 5 in all), each block a duplicate of MPI_COMM_WORLD of its own.
// (Before, three or more parameters gave `unknown`: only all-same and
// all-distinct were run.)
//
// three: broadcasts x on a, y on b and z on c from rank 0; when b and c are
// one communicator (handles compare equal) y and z go in one message.
// RUN: %expect-exit 0 %chorus verify %s --contract three -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=THREE --implicit-check-not=note:
// THREE: verdict: verified ({{.*}}communicator parameters: all 5 patterns of which are one communicator (all MPI_COMM_WORLD, or one duplicate of it per block)
// -DWRONG_TEST: the receivers test a == c where the root tests b == c: right
// when all three are one communicator and when all are distinct (both tests
// agree), wrong when a and c are one and b another: the root sends y and z
// apart, a receiver takes two elements from b's single-element message and
// reads z from the uninitialized yz[1] (UNINITIALIZED_READ before the
// postcondition is reached). Found only by a run with some but not all the
// same.
// RUN: %expect-exit 1 %chorus verify %s --contract three -n 2 -DWRONG_TEST --quiet 2>&1 | FileCheck %s --check-prefix=WTEST
// WTEST: note: with the communicator parameters bound as {a, c} one duplicate of MPI_COMM_WORLD, {b} another duplicate
// WTEST: verdict: violation UNINITIALIZED_READ at {{.*}}commpatterns.c:106:10 (process 1)
// -DCROSS: z is received on b: right only when b and c are one communicator:
// a deadlock when c is another (the first such run).
// RUN: %expect-exit 1 %chorus verify %s --contract three -n 2 -DCROSS --quiet 2>&1 | FileCheck %s --check-prefix=CROSS
// CROSS: note: with the communicator parameters bound as {a, b} one duplicate of MPI_COMM_WORLD, {c} another duplicate
// CROSS: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}commpatterns.c:110:7 (process 1)
//
// -DWORLD: the same with MPI_COMM_WORLD named (the root checks the world's
// size): every partition of the three parameters and MPI_COMM_WORLD (14
// besides all MPI_COMM_WORLD; a block with MPI_COMM_WORLD is bound to it),
// and for every nonempty proper subset of the processes of a world every
// partition of the three into communicators of those processes (5).
// RUN: %expect-exit 0 %chorus verify %s --contract three -DWORLD -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=WORLD --implicit-check-not=note:
// WORLD: verdict: verified ({{.*}}communicator parameters: all MPI_COMM_WORLD and every other pattern of which are MPI_COMM_WORLD and which are one duplicate of it (14 patterns), and for every set of fewer processes of a world of 2..2 every pattern of which are one communicator of them (5 patterns; ranks in world order)
// -DWORLD -DWORLD_RECV: x is received on MPI_COMM_WORLD: right only when a
// is MPI_COMM_WORLD; with all three distinct duplicates a deadlock.
// RUN: %expect-exit 1 %chorus verify %s --contract three -DWORLD -DWORLD_RECV -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=WRECV
// WRECV: note: with each communicator parameter bound to a duplicate of MPI_COMM_WORLD of its own
// WRECV: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}commpatterns.c:92:5 (process 1)
// -DWORLD -DWORLD_TEST: the receivers test `b == c || a == MPI_COMM_WORLD`
// (a slip for `b == c`): right when all are MPI_COMM_WORLD and when all are
// distinct duplicates, wrong when a is MPI_COMM_WORLD and b and c differ: the
// first such pattern binds a and b to MPI_COMM_WORLD and c to a duplicate,
// and a receiver reads z from the uninitialized yz[1].
// RUN: %expect-exit 1 %chorus verify %s --contract three -DWORLD -DWORLD_TEST -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=WTEST2
// WTEST2: note: with the communicator parameters bound as {a, b} MPI_COMM_WORLD, {c} one duplicate of MPI_COMM_WORLD
// WTEST2: verdict: violation UNINITIALIZED_READ at {{.*}}commpatterns.c:106:10 (process 1)
//
// five: five communicator parameters, more than the patterns are run for
// (model::kMaxCommPatternParams = 4: Bell(6) = 203 patterns with
// MPI_COMM_WORLD): verified with all of them MPI_COMM_WORLD only, so the
// verdict is unknown, naming the bound.
// RUN: %expect-exit 2 %chorus verify %s --contract five -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=FIVE
// FIVE: verdict: unknown (not checked: 5 communicator parameters some of which may be the same communicator (verified with all of them MPI_COMM_WORLD; the patterns of equal ones are run for at most 4)
#include <mpi.h>

/*@ mpi uses a, b, c;
    mpi collective(a):
      requires \valid(x) && \valid(y) && \valid(z) && \separated(x, y, z);
      assigns *x, *y, *z;
      ensures *x == \mpi_on(\old(*x), 0) && *y == \mpi_on(\old(*y), 0) &&
              *z == \mpi_on(\old(*z), 0);
      waitsfor { j | int j; j == 0 };
*/
void three(int *x, int *y, int *z, MPI_Comm a, MPI_Comm b, MPI_Comm c) {
  int me, n;
  MPI_Comm_rank(a, &me);
  MPI_Comm_size(a, &n);
#ifdef WORLD
  int w;
  MPI_Comm_size(MPI_COMM_WORLD, &w);
  if (w < n)
    return;
#endif
  if (me == 0) {
    for (int i = 1; i < n; i++) {
      MPI_Send(x, 1, MPI_INT, i, 0, a);
      if (b == c) {
        int yz[2] = {*y, *z};
        MPI_Send(yz, 2, MPI_INT, i, 1, b);
      } else {
        MPI_Send(y, 1, MPI_INT, i, 1, b);
        MPI_Send(z, 1, MPI_INT, i, 1, c);
      }
    }
  } else {
#ifdef WORLD_RECV
    MPI_Recv(x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(x, 1, MPI_INT, 0, 0, a, MPI_STATUS_IGNORE);
#endif
#if defined(WRONG_TEST)
    if (a == c) {
#elif defined(WORLD_TEST)
    if (b == c || a == MPI_COMM_WORLD) {
#else
    if (b == c) {
#endif
      int yz[2];
      MPI_Recv(yz, 2, MPI_INT, 0, 1, b, MPI_STATUS_IGNORE);
      *y = yz[0];
      *z = yz[1];
    } else {
      MPI_Recv(y, 1, MPI_INT, 0, 1, b, MPI_STATUS_IGNORE);
#if defined(CROSS)
      MPI_Recv(z, 1, MPI_INT, 0, 1, b, MPI_STATUS_IGNORE);
#else
      MPI_Recv(z, 1, MPI_INT, 0, 1, c, MPI_STATUS_IGNORE);
#endif
    }
  }
}

/*@ mpi uses a, b, c, d, e;
    mpi collective(a):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), 0);
      waitsfor { j | int j; j == 0 };
*/
void five(int *x, MPI_Comm a, MPI_Comm b, MPI_Comm c, MPI_Comm d, MPI_Comm e) {
  int me, n;
  MPI_Comm_rank(a, &me);
  MPI_Comm_size(a, &n);
  if (me == 0) {
    for (int i = 1; i < n; i++)
      MPI_Send(x, 1, MPI_INT, i, 0, e);
  } else {
    MPI_Recv(x, 1, MPI_INT, 0, 0, e, MPI_STATUS_IGNORE);
  }
  (void)b, (void)c, (void)d;
}
