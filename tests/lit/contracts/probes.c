// MPI_Probe, MPI_Iprobe and MPI_Test in the causal waitsfor check (issue 11;
// lib/exec/DESIGN-NOTES.md "The waitsfor check is causal"). Seed 002 Def.
// 2.5 (1): a waitsfor violation is an execution in which a process returns
// from f before a rank of its waitsfor set has entered f. A probe that
// reports a message, and a test that completes a receive, are communication
// edges: whatever the sender had heard before it sent happens before the
// probe's (test's) return, so they must not give a false WAITSFOR.
//
// Rank 0 sends to rank 1; rank 1 learns of that message (by MPI_Probe, by a
// successful MPI_Iprobe, or by an MPI_Test that completes its receive) and
// only then sends to rank 2; rank 2 returns after hearing from rank 1. So
// rank 2's return waits for ranks 0 and 1, rank 1's for rank 0.
// RUN: %expect-exit 0 %chorus verify %s --contract chain -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract chain -n 1..4 -DIPROBE --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract chain -n 1..4 -DTEST --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// Broken (-DEARLY): rank 1 sends to rank 2 without a probe (or, after a
// failed MPI_Iprobe or MPI_Test, before it receives), so in some execution
// rank 2 returns before rank 0 has entered f.
// RUN: %expect-exit 1 %chorus verify %s --contract chain -n 3 -DEARLY --quiet 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s --contract chain -n 3 -DEARLY -DIPROBE --quiet 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s --contract chain -n 3 -DEARLY -DTEST --quiet 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: verdict: violation WAITSFOR at {{.*}}probes.c:83:1 (process 2)
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      waitsfor { j | int j; 0 <= j < \mpi_comm_rank && \mpi_comm_rank <= 2 };
*/
void chain(void) {
  int me, n, v = 0, w = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  if (me == 0 && n > 1)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  if (me == 1) {
#if defined(IPROBE)
    // a successful probe is the edge; a failed one is not, so the else
    // branch receives first
    int flag = 0;
    MPI_Iprobe(0, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    if (flag) {
      if (n > 2)
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
      MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
#ifndef EARLY
      MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
      if (n > 2)
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
#ifdef EARLY
      MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
    }
#elif defined(TEST)
    MPI_Request rq;
    int flag = 0;
    MPI_Irecv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &rq);
    MPI_Test(&rq, &flag, MPI_STATUS_IGNORE);
#ifndef EARLY
    if (!flag)
      MPI_Wait(&rq, MPI_STATUS_IGNORE);
#endif
    if (n > 2)
      MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
#ifdef EARLY
    if (!flag)
      MPI_Wait(&rq, MPI_STATUS_IGNORE);
#endif
#else
#ifndef EARLY
    MPI_Probe(0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
    if (n > 2)
      MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
  if (me == 2)
    MPI_Recv(&w, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
