// MPI's own collectives called by f are simulated by their contracts of
// seed 002 App. B (lib/front/headers/chorus_mpi_contracts.h; the default
// --mpi-model contracts), so f is verified against what MPI promises.
#include <mpi.h>

// Every rank returns only after every rank has entered: through the
// barrier's waitsfor (App. B.7).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void sync(void) {
#ifndef NO_BARRIER
  MPI_Barrier(MPI_COMM_WORLD);
#endif
}

// Every rank's root must agree (App. B.8's requires \mpi_agree(root)).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(a);
      assigns *a;
      ensures *a == \mpi_on(\old(*a), 0);
*/
void bcast0(int *a) {
  int root = 0;
#ifdef OWN_ROOT
  MPI_Comm_rank(MPI_COMM_WORLD, &root);
#endif
  MPI_Bcast(a, 1, MPI_INT, root, MPI_COMM_WORLD);
}

// The same collectives in the same order on every rank (Def. 2.2).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(a) && \valid(b);
      assigns *a, *b;
*/
void twice(int *a, int *b) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef SWAPPED
  if (rank == 0) {
    MPI_Allreduce(MPI_IN_PLACE, b, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Bcast(a, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return;
  }
#endif
  MPI_Bcast(a, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, b, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
}

// MPI_IN_PLACE (App. B.3's in_place behavior): the maximum of the ranks'
// values, in place.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(b);
      assigns *b;
      ensures \forall integer t; 0 <= t < \mpi_comm_size ==> *b >= \mpi_on(\old(*b), t);
      ensures \mpi_agree(*b);
*/
void maxinplace(int *b) {
#ifdef MIN
  MPI_Allreduce(MPI_IN_PLACE, b, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
#else
  MPI_Allreduce(MPI_IN_PLACE, b, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
#endif
}

// A collective without an App. B contract runs with chorus's MPI model,
// and the output says so.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void ibar(void) {
  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}

// RUN: %expect-exit 0 %chorus verify %s --contract sync -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract bcast0 -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract twice -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract maxinplace -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract sync -DNO_BARRIER -n 2 --quiet | FileCheck %s --check-prefix=NOBAR
// NOBAR: verdict: violation WAITSFOR at {{.*}}appb.c:17:1 (process 0)
// The clause of App. B.8 in the contract header.
// RUN: %expect-exit 1 %chorus verify %s --contract bcast0 -DOWN_ROOT -n 2 --quiet | FileCheck %s --check-prefix=ROOT
// ROOT: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}chorus_mpi_contracts.h:339:9 (process 1)
// ROOT-NEXT: the precondition 'requires 0 <= root && root < \mpi_comm_size && \mpi_agree(root) ({{.*}})' of 'MPI_Bcast' may not hold on process 1
// RUN: %expect-exit 1 %chorus verify %s --contract twice -DSWAPPED -n 2 --quiet | FileCheck %s --check-prefix=SWAP
// SWAP: verdict: violation COLLECTIVE_CONSISTENCY at {{.*}}chorus_mpi_contracts.h:355:5 (process 1)
// SWAP-NEXT: process 1 calls 'MPI_Bcast' where process 0 called 'MPI_Allreduce' on the same communicator (seed 002 Def. 2.2)
// RUN: %expect-exit 1 %chorus verify %s --contract maxinplace -DMIN -n 2 --quiet | FileCheck %s --check-prefix=MIN
// MIN: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}appb.c:60:7 (process 0)
//
// A collective without a contract: chorus's MPI model, and a note.
// RUN: %expect-exit 0 %chorus verify %s --contract ibar -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=IBAR
// IBAR: note: MPI_Ibarrier has no collective contract: chorus's own MPI model runs it
// IBAR: verdict: verified
// --mpi-model builtin: MPI's own semantics for every collective, and a note.
// RUN: %expect-exit 1 %chorus verify %s --contract sync -DNO_BARRIER -n 2 --mpi-model builtin --quiet 2>&1 | FileCheck %s --check-prefix=BUILTIN
// RUN: %expect-exit 0 %chorus verify %s --contract maxinplace -n 1..3 --mpi-model builtin --quiet 2>&1 | FileCheck %s --check-prefix=BUILTIN-OK
// BUILTIN: note: --mpi-model builtin: MPI's collectives run with chorus's MPI model, not their contracts (seed 002 App. B)
// BUILTIN: verdict: violation WAITSFOR at {{.*}}appb.c:17:1 (process 0)
// BUILTIN-OK: verdict: verified
// RUN: %expect-exit 3 %chorus verify %s --contract sync --mpi-model other -n 1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --mpi-model needs contracts or builtin

// App. B.8's `ensures \mpi_agree(*BUF)` with a root other than rank 0: a
// non-root's buffer is the root's after the call (a false
// COLLECTIVE_POSTCONDITION before: the agreement was read against rank 0
// alone, another non-root or not arrived). The last rank as the root, and
// every root (-DFIRST: the body broadcasts from rank 0 whatever root is).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(a);
      assigns *a;
      ensures *a == \mpi_on(\old(*a), \mpi_comm_size - 1);
*/
void bcastlast(int *a) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Bcast(a, 1, MPI_INT, size - 1, MPI_COMM_WORLD);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(a) && 0 <= root < \mpi_comm_size && \mpi_agree(root);
      assigns *a;
      ensures *a == \mpi_on(\old(*a), root);
*/
void bcastany(int *a, int root) {
#ifdef FIRST
  root = 0;
#endif
  MPI_Bcast(a, 1, MPI_INT, root, MPI_COMM_WORLD);
}

// RUN: %expect-exit 0 %chorus verify %s --contract bcastlast -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract bcastany -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 1 %chorus verify %s --contract bcastany -DFIRST -n 1..3 --quiet | FileCheck %s --check-prefix=FIRST
// FIRST: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}appb.c:135:7 (process 0)
