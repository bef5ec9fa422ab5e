// Communicators smaller than the world (issue 11; lib/exec/DESIGN-NOTES.md
// "Sub-communicators"). Seed 002 §3.3: `\mpi_comm_size` is "the number of
// processes in the communicator", `\mpi_comm_rank` the rank of "this"
// process in it, and `\mpi_on(t, r)` evaluates t on "the process of rank r
// in the communicator" — the communicator of the block's `mpi
// collective(c)`, which need not be MPI_COMM_WORLD.
//
// (1) f's communicator parameter smaller than the world. The driver P^f
// (§2.2) runs f on the processes of comm. When f also names MPI_COMM_WORLD,
// the CLI runs it with comm bound to MPI_COMM_WORLD, to a duplicate of it,
// and, for every world of N = 2 .. (the largest -n) processes, to a
// communicator of each nonempty proper subset of them, ranks in world order
// (what MPI_Comm_split(MPI_COMM_WORLD, color, 0) gives); the other
// processes of the world do not call f.
//
// bcw: a broadcast on comm that checks the world's size for sanity
// (harmless for every communicator): verified, the verdict says what ran.
// RUN: %expect-exit 0 %chorus verify %s --contract bcw -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=BCW --implicit-check-not=note:
// BCW: verdict: verified ({{.*}}communicator parameter: MPI_COMM_WORLD, a duplicate of it, and every communicator of fewer processes of a world of 2..3 (ranks in world order)
// A barrier on MPI_COMM_WORLD beside the broadcast (listed in `mpi uses`):
// right when comm is all of the world, wrong when it is smaller: the
// processes outside comm do not call f, so they never make the call
// (COLLECTIVE_CONSISTENCY at the arrival, Def. 2.2; App. B's MPI_Barrier
// is where chorus's contract header declares it). Found only by the
// sub-communicator runs.
// RUN: %expect-exit 1 %chorus verify %s --contract bcw -DWORLD_BARRIER -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=WBAR
// WBAR: note: with the communicator parameter bound to a communicator of processes {0} of 2 (the others do not call bcw)
// WBAR: verdict: violation COLLECTIVE_CONSISTENCY at {{.*}}chorus_mpi_contracts.h:328:5 (process 0)
// WBAR-NEXT: process 0 calls 'MPI_Barrier' on a communicator with process 1, which is not in the communicator of 'bcw' (it does not call it) and never makes the call (seed 002 Def. 2.2)
// The broadcast's messages on MPI_COMM_WORLD, comm ranks taken for world
// ranks: right for MPI_COMM_WORLD and a duplicate (the same ranks), wrong
// when comm is {0, 2} of 3: comm rank 1 is process 2, and the root's message
// goes to process 1, which is not in comm (the others do not call f):
// SEGMENT_BOUNDARY, the message leaves f's segments (Def. 2.5 (3)).
// RUN: %expect-exit 1 %chorus verify %s --contract bcw -DWORLD_SEND -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=WSEND
// WSEND: note: with the communicator parameter bound to a communicator of processes {0, 2} of 3 (the others do not call bcw)
// WSEND: verdict: violation SEGMENT_BOUNDARY at {{.*}}subcomm.c:119:9 (process 0)
// WSEND-NEXT: a message from process 0 to process 1, which is not in the communicator of 'bcw' (it does not call it): it leaves f's segments (seed 002 Def. 2.5 (3))
//
// (2) Simulated calls matched per communicator. A collective procedure g
// called by f on a communicator f made is simulated over that
// communicator's processes (its ranks, size and `\mpi_on`), and the j-th
// calls on one communicator match, whatever the calls on others.
//
// halfb: MPI_Comm_split of comm by parity, then g = bc0 (a broadcast from
// rank 0 of its communicator, simulated by its contract) on each half.
// RUN: %expect-exit 0 %chorus verify %s --contract halfb -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// Broken: the key orders each half backwards, so its rank 0 is the highest
// rank of the half: COLLECTIVE_POSTCONDITION of halfb on process 0 (which
// gets rank 2's value at n = 3).
// RUN: %expect-exit 1 %chorus verify %s --contract halfb -DBACKWARDS -n 3 --quiet 2>&1 | FileCheck %s --check-prefix=HBACK
// HBACK: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}subcomm.c:140:7 (process 0)
// Broken: the even half's second rank (process 2 at n = 3) calls bc1 where
// its rank 0 called bc0: COLLECTIVE_CONSISTENCY on that communicator (Def.
// 2.2 per communicator; the odd half's call of bc0 on its own communicator
// is no conflict).
// RUN: %expect-exit 1 %chorus verify %s --contract halfb -DMIXED -n 3 --quiet 2>&1 | FileCheck %s --check-prefix=HMIX
// HMIX: verdict: violation COLLECTIVE_CONSISTENCY at {{.*}}subcomm.c:89:6 (process 2)
// HMIX-NEXT: process 2 calls 'bc1' where process 0 called 'bc0' on the same communicator (seed 002 Def. 2.2)
//
// twodup: two duplicates of comm, bca (which waits for every rank of its
// communicator) called on each in the same order on every process: verified. -DCROSSED: rank 0 calls them in the other order;
// each bca waits for every rank of its communicator, so process 0 waits on
// d2 for the others, which wait on d1 for it: ABSOLUTE_DEADLOCK (before,
// calls on different communicators were matched by order and unsupported).
// RUN: %expect-exit 0 %chorus verify %s --contract twodup -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --contract twodup -DCROSSED -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=CROSS
// CROSS: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}subcomm.c:98:6 (process 0)
// CROSS-NEXT: deadlock: process 0 blocked in the simulation of 'bca', waiting for process 1 (its waitsfor) to call it; process 1 blocked in the simulation of 'bca', waiting for process 0 (its waitsfor) to call it
#include <mpi.h>

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), 0);
      waitsfor { j | int j; j == 0 };
*/
void bc0(int *x, MPI_Comm comm);

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), 0);
      waitsfor { j | int j; j == 0 };
*/
void bc1(int *x, MPI_Comm comm);

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), 0);
      waitsfor { j | int j; 0 <= j < \mpi_comm_size };
*/
void bca(int *x, MPI_Comm comm);

/*@ mpi uses comm, MPI_COMM_WORLD;
    mpi collective(comm):
      requires \mpi_agree(root) && 0 <= root < \mpi_comm_size;
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), root);
      waitsfor { j | int j; j == root };
*/
void bcw(int *x, int root, MPI_Comm comm) {
  int me, n, w;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_size(comm, &n);
  MPI_Comm_size(MPI_COMM_WORLD, &w);
  if (n > w)
    MPI_Abort(MPI_COMM_WORLD, 1);
  if (me == root) {
    for (int i = 0; i < n; i++)
      if (i != root) {
#if defined(WORLD_SEND)
        MPI_Send(x, 1, MPI_INT, i, 0, MPI_COMM_WORLD);
#else
        MPI_Send(x, 1, MPI_INT, i, 0, comm);
#endif
      }
  } else {
#if defined(WORLD_SEND)
    MPI_Recv(x, 1, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(x, 1, MPI_INT, root, 0, comm, MPI_STATUS_IGNORE);
#endif
  }
#if defined(WORLD_BARRIER)
  MPI_Barrier(MPI_COMM_WORLD);
#endif
}

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), \mpi_comm_rank % 2);
*/
void halfb(int *x, MPI_Comm comm) {
  int me;
  MPI_Comm half;
  MPI_Comm_rank(comm, &me);
#if defined(BACKWARDS)
  MPI_Comm_split(comm, me % 2, -me, &half);
#else
  MPI_Comm_split(comm, me % 2, me, &half);
#endif
#if defined(MIXED)
  if (me == 2)
    bc1(x, half);
  else
    bc0(x, half);
#else
  bc0(x, half);
#endif
  MPI_Comm_free(&half);
}

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x) && \valid(y);
      assigns *x, *y;
      ensures *x == \mpi_on(\old(*x), 0) && *y == \mpi_on(\old(*y), 0);
*/
void twodup(int *x, int *y, MPI_Comm comm) {
  int me;
  MPI_Comm d1, d2;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_dup(comm, &d1);
  MPI_Comm_dup(comm, &d2);
#if defined(CROSSED)
  if (me == 0) {
    bca(y, d2);
    bca(x, d1);
  } else {
    bca(x, d1);
    bca(y, d2);
  }
#else
  bca(x, d1);
  bca(y, d2);
#endif
  MPI_Comm_free(&d1);
  MPI_Comm_free(&d2);
}

// (3) Two communicator parameters beside MPI_COMM_WORLD. The driver runs f
// on one group, so both communicators have f's processes: the CLI runs every
// pattern of which are MPI_COMM_WORLD and which are one duplicate of it (both
// MPI_COMM_WORLD, then distinct duplicates, then the other 3 partitions of
// {MPI_COMM_WORLD, c1, c2}), and, for every nonempty proper subset of a
// world of N = 2 .. (the largest -n) processes, both one communicator of that
// subset and two distinct ones (ranks in world order).
// bc2: a broadcast of x on c1 and of y on c2 from rank 0: verified, the
// verdict says what ran.
// RUN: %expect-exit 0 %chorus verify %s --contract bc2 -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=BC2 --implicit-check-not=note:
// BC2: verdict: verified ({{.*}}communicator parameters: all MPI_COMM_WORLD and every other pattern of which are MPI_COMM_WORLD and which are one duplicate of it (4 patterns), and for every set of fewer processes of a world of 2..3 every pattern of which are one communicator of them (2 patterns; ranks in world order)
// -DWORLD_COUNT: y goes to every rank of the world, not of c2: right when
// c2 is the world's size, MPI_INVALID_RANK on a smaller communicator (before,
// these runs were not made and the verdict was unknown).
// RUN: %expect-exit 1 %chorus verify %s --contract bc2 -DWORLD_COUNT -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=BC2W
// BC2W: note: with both communicator parameters bound to one communicator of processes {0} of 2 (the others do not call bc2)
// BC2W: verdict: violation MPI_INVALID_RANK at {{.*}}subcomm.c:234:7 (process 0)
// -DCROSS_RECV: y is received on c1: right when both are one communicator,
// a deadlock when they are distinct (the first run with distinct
// duplicates of the world finds it).
// RUN: %expect-exit 1 %chorus verify %s --contract bc2 -DCROSS_RECV -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=BC2X
// BC2X: note: with each communicator parameter bound to a duplicate of MPI_COMM_WORLD of its own
// BC2X: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}subcomm.c:238:5 (process 1)
/*@ mpi uses c1, c2, MPI_COMM_WORLD;
    mpi collective(c1):
      requires \valid(x) && \valid(y) && \separated(x, y);
      assigns *x, *y;
      ensures *x == \mpi_on(\old(*x), 0) && *y == \mpi_on(\old(*y), 0);
      waitsfor { j | int j; j == 0 };
*/
void bc2(int *x, int *y, MPI_Comm c1, MPI_Comm c2) {
  int me, n, w;
  MPI_Comm_rank(c1, &me);
  MPI_Comm_size(c1, &n);
  MPI_Comm_size(MPI_COMM_WORLD, &w);
#ifdef WORLD_COUNT
  int ny = w;
#else
  int ny = n;
#endif
  if (me == 0) {
    for (int i = 1; i < n; i++)
      MPI_Send(x, 1, MPI_INT, i, 0, c1);
    for (int i = 1; i < ny; i++)
      MPI_Send(y, 1, MPI_INT, i, 1, c2);
  } else {
    MPI_Recv(x, 1, MPI_INT, 0, 0, c1, MPI_STATUS_IGNORE);
#ifdef CROSS_RECV
    MPI_Recv(y, 1, MPI_INT, 0, 1, c1, MPI_STATUS_IGNORE);
#else
    MPI_Recv(y, 1, MPI_INT, 0, 1, c2, MPI_STATUS_IGNORE);
#endif
  }
}
