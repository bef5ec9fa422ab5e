// verify --contract (issue 11): the decisions where seed 002 is silent
// (lib/exec/DESIGN-NOTES.md, "Collective contracts") and the correct
// counterparts of the broken programs of kinds.c, each verified, each
// broken variant refuted with its kind, location and process.
#include <mpi.h>

int y;

// An absent waitsfor is the empty set (Def. 2.5 (1) then asks nothing):
// rank 0 may return before anyone else has entered. -DWAIT1 names rank 1,
// which rank 0 does not wait for: WAITSFOR.
#ifdef WAIT1
#define WAITS1 waitsfor 1;
#else
#define WAITS1
#endif
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      WAITS1
*/
void nowait(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else if (rank == 1)
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

// Several waitsfor clauses are united: rank 2 waits for rank 0 (first
// clause) and rank 1 (second clause), receiving from both. -DONLY0: rank 1
// sends nothing, rank 2 may return before rank 1 entered: WAITSFOR (by the
// second clause).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      waitsfor { j | int j; \mpi_comm_rank == 2 && j == 0 };
      waitsfor { j | int j; \mpi_comm_rank == 2 && j == 1 };
*/
void united(void) {
  int rank, v = 0, w = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef ONLY0
  int talk1 = 0;
#else
  int talk1 = 1;
#endif
  if (rank == 0 || (rank == 1 && talk1))
    MPI_Send(&v, 1, MPI_INT, 2, rank, MPI_COMM_WORLD);
  if (rank == 2) {
    MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (talk1)
      MPI_Recv(&w, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

// *\mpi_on(p, r) reads through r's memory: \mpi_on(p, root) is root's
// pointer, and * of it reads root's object (here in the pre-states), not
// the reader's. -DNO_BCAST: every rank keeps its own value:
// COLLECTIVE_POSTCONDITION (reading through the reader's memory would
// wrongly verify it).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(p) && 0 <= root < \mpi_comm_size && \mpi_agree(root);
      assigns *p;
      ensures *p == \old(*\mpi_on(p, root));
*/
void share(int *p, int root) {
#ifndef NO_BCAST
  MPI_Bcast(p, 1, MPI_INT, root, MPI_COMM_WORLD);
#endif
}

// The correct counterparts of kinds.c's seg, uses, spin and bump:
// rank 1 answers before rank 0 returns (rank 0 waits for the answer) ...
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void seg(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
}

// ... 'mpi uses' names the communicator of the messages ...
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
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

// ... the loop ends (k grows to 3) ...
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void spin(void) {
  int k = 1;
  while (k < 3)
    k = k * 2;
}

// ... and the collective block's assigns names y.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns y;
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void bump(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  y = y + (y < 100);
}

// RUN: %expect-exit 0 %chorus verify %s --contract nowait -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract united -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract share -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract seg -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract uses -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract spin -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --contract bump -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract nowait -DWAIT1 -n 2 --quiet | FileCheck %s --check-prefix=WAIT1
// WAIT1: verdict: violation WAITSFOR at {{.*}}decisions.c:29:1 (process 0)
// Rank 2 returns before rank 1 has entered: the search lets a process enter
// f as late as possible (lib/exec/DESIGN-NOTES.md), so this order is
// explored although rank 1 has the lower index.
// RUN: %expect-exit 1 %chorus verify %s --contract united -DONLY0 -n 3 --quiet | FileCheck %s --check-prefix=ONLY0
// ONLY0: verdict: violation WAITSFOR at {{.*}}decisions.c:56:1 (process 2)
// ONLY0-NEXT: process 2 returns from 'united' before process 1
// RUN: %expect-exit 1 %chorus verify %s --contract share -DNO_BCAST -n 1..3 --quiet | FileCheck %s --check-prefix=SHARE
// SHARE: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}decisions.c:67:7 (process 0)

// \valid and \separated on buffers (seed 002 §3.3), here in App. B.3's
// precondition of MPI_Allreduce: x + 1 receives one sum (verified); the
// receive buffer aliasing the send buffer (-DALIAS) violates \separated,
// two elements from x + 1 (-DSHORT) exceed the array \valid allows.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(x + (0 .. 1));
      assigns x[1];
      ensures x[1] == \sum(0, \mpi_comm_size - 1, \lambda integer t; \mpi_on(\old(x[0]), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void sum1(int *x) {
#if defined(ALIAS)
  MPI_Allreduce(x, x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#elif defined(SHORT)
  MPI_Allreduce(x, x + 1, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, x + 1, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#endif
}
// RUN: %expect-exit 0 %chorus verify %s --contract sum1 -n 1..3 --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --contract sum1 -DALIAS -n 1..3 --no-overflow-check --quiet | FileCheck %s --check-prefix=ALIAS
// ALIAS: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}chorus_mpi_contracts.h:146:9 (process 0)
// ALIAS-NEXT: the precondition 'requires \separated(
// RUN: %expect-exit 1 %chorus verify %s --contract sum1 -DSHORT -n 1..3 --no-overflow-check --quiet | FileCheck %s --check-prefix=SHORT
// SHORT: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}chorus_mpi_contracts.h:143:9 (process 0)
// SHORT-NEXT: the precondition 'requires \valid(
