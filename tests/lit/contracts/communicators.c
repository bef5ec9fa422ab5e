// Collective contracts on communicators other than MPI_COMM_WORLD (issue 11;
// lib/exec/DESIGN-NOTES.md "Decisions where the seed is silent"). Seed 002
// §3.2: "A user function may be implemented using one or more
// communicators"; `mpi uses` lists the communicators f may communicate on,
// and `mpi collective(c)` interprets the collective errors of Def. 2.5 with
// respect to c. A communicator f makes itself (MPI_Comm_dup/split of a
// listed one) counts as the one it was made from; a communication on any
// other is MPI_USES.
//
// bcdup: a broadcast on a duplicate of comm made inside f.
// RUN: %expect-exit 0 %chorus verify %s --contract bcdup -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// Broken: the non-roots receive on comm, the root sends on the duplicate.
// RUN: %expect-exit 1 %chorus verify %s --contract bcdup -n 2 -DOUTER --quiet 2>&1 | FileCheck %s --check-prefix=OUTER
// OUTER: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}communicators.c:61:5 (process 1)
// Broken: a barrier on MPI_COMM_WORLD (App. B's contract simulates it):
// right only when comm is MPI_COMM_WORLD; with comm a duplicate (the second
// run, see commparam.c) a collective operation outside `mpi uses comm`,
// reported where the simulated MPI_Barrier is (chorus's contract header).
// RUN: %expect-exit 1 %chorus verify %s --contract bcdup -n 2 -DBARRIER_WORLD --quiet 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: verdict: violation MPI_USES at {{.*}}chorus_mpi_contracts.h:328:5 (process 0)
//
// halves: MPI_Comm_split of comm by parity; each half broadcasts from its
// rank 0 (the lowest rank of comm of that parity).
// RUN: %expect-exit 0 %chorus verify %s --contract halves -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// Broken: the key orders each half backwards, so its rank 0 is the highest.
// RUN: %expect-exit 1 %chorus verify %s --contract halves -n 3 -DBACKWARDS --quiet 2>&1 | FileCheck %s --check-prefix=BACK
// BACK: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}communicators.c:76:7 (process 0)
//
// two: two communicator parameters, each with its own `mpi collective`
// block; run with both MPI_COMM_WORLD and with two distinct duplicates.
// RUN: %expect-exit 0 %chorus verify %s --contract two -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: verdict: verified ({{.*}}communicator parameters: both MPI_COMM_WORLD, and distinct duplicates of it
// Broken: the message sent on b is received on a: right only when a and b
// are the same communicator.
// RUN: %expect-exit 1 %chorus verify %s --contract two -n 2 -DMIXED --quiet 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: note: with each communicator parameter bound to a duplicate of MPI_COMM_WORLD of its own
// MIXED: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}communicators.c:120:3 (process 0)
#include <mpi.h>

/*@ mpi uses comm;
    mpi collective(comm):
      requires \mpi_agree(root) && 0 <= root < \mpi_comm_size;
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), root);
      waitsfor { j | int j; j == root };
*/
void bcdup(int *x, int root, MPI_Comm comm) {
  int me, n;
  MPI_Comm inner;
  MPI_Comm_dup(comm, &inner);
  MPI_Comm_rank(inner, &me);
  MPI_Comm_size(inner, &n);
  if (me == root) {
    for (int i = 0; i < n; i++)
      if (i != root)
        MPI_Send(x, 1, MPI_INT, i, 0, inner);
  } else {
#if defined(OUTER)
    MPI_Recv(x, 1, MPI_INT, root, 0, comm, MPI_STATUS_IGNORE);
#else
    MPI_Recv(x, 1, MPI_INT, root, 0, inner, MPI_STATUS_IGNORE);
#endif
  }
  MPI_Comm_free(&inner);
#if defined(BARRIER_WORLD)
  MPI_Barrier(MPI_COMM_WORLD);
#endif
}

/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), \mpi_comm_rank % 2);
*/
void halves(int *x, MPI_Comm comm) {
  int me, n, hme, hn;
  MPI_Comm half;
  MPI_Comm_rank(comm, &me);
#if defined(BACKWARDS)
  MPI_Comm_split(comm, me % 2, -me, &half);
#else
  MPI_Comm_split(comm, me % 2, me, &half);
#endif
  MPI_Comm_rank(half, &hme);
  MPI_Comm_size(half, &hn);
  if (hme == 0) {
    for (int i = 1; i < hn; i++)
      MPI_Send(x, 1, MPI_INT, i, 0, half);
  } else {
    MPI_Recv(x, 1, MPI_INT, 0, 0, half, MPI_STATUS_IGNORE);
  }
  MPI_Comm_free(&half);
  (void)n;
}

/*@ mpi uses a, b;
    mpi collective(a):
      requires \valid(x) && \valid(y);
      assigns *x, *y;
      ensures *x == \mpi_on(\old(*x), (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size);
    mpi collective(b):
      ensures *y == \mpi_on(\old(*y), (\mpi_comm_rank + 1) % \mpi_comm_size);
*/
void two(int *x, int *y, MPI_Comm a, MPI_Comm b) {
  int me, n, gx, gy;
  MPI_Comm_rank(a, &me);
  MPI_Comm_size(a, &n);
  MPI_Sendrecv(x, 1, MPI_INT, (me + 1) % n, 0, &gx, 1, MPI_INT, (me + n - 1) % n, 0, a,
               MPI_STATUS_IGNORE);
  MPI_Request rq;
#if defined(MIXED)
  MPI_Irecv(&gy, 1, MPI_INT, (me + 1) % n, 1, a, &rq);
#else
  MPI_Irecv(&gy, 1, MPI_INT, (me + 1) % n, 1, b, &rq);
#endif
  MPI_Send(y, 1, MPI_INT, (me + n - 1) % n, 1, b);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  *x = gx;
  *y = gy;
}
