// MPI_MAXLOC / MPI_MINLOC (MPI 3.1 §5.9.4) in \mpi_reduce of contracts
// (seed 002 §3.3, App. B.3) for a count the contract leaves free: the
// value sequence *\mpi_buf(b, count, MPI_2INT) is the array of its 2 *
// count ints, and \mpi_reduce compares pair j (values 2j, 2j + 1) with the
// pairs of every rank combined in rank order (the larger / smaller value
// wins, on equal values the smaller index) under one quantifier. An
// allreduce and a reduce to a root built on MPI's own (simulated by their
// App. B contracts); broken: half the pairs reduced, MINLOC for MAXLOC.
#include <mpi.h>

#ifndef MAIN // (the real run: no contract)
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count;
      requires \valid_read(\mpi_buf(x, count, MPI_2INT)) && \valid(\mpi_buf(y, count, MPI_2INT));
      requires \separated(\mpi_buf(x, count, MPI_2INT), \mpi_buf(y, count, MPI_2INT));
      assigns *\mpi_buf(y, count, MPI_2INT);
      ensures \mpi_reduce(*\mpi_buf(y, count, MPI_2INT), 0, \mpi_comm_size, MPI_MAXLOC,
                          \lambda integer t; \mpi_on(\old(*\mpi_buf(x, count, MPI_2INT)), t));
*/
#endif
void maxloc(const int *x, int *y, int count) {
#ifdef HALF
  MPI_Allreduce(x, y, count / 2, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, count, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
#endif
}

// The root's pairs are the minimum of every rank's (ranks 1 ..: a
// reduction to 0 and a send); count bounded so that a wrong op is refuted
// by the values of each count (the prover does not refute MAXLOC for
// MINLOC under the quantifier: see DESIGN-NOTES).
#ifndef MAIN
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count <= 2;
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \valid_read(\mpi_buf(x, count, MPI_2INT)) && \valid(\mpi_buf(y, count, MPI_2INT));
      requires \separated(\mpi_buf(x, count, MPI_2INT), \mpi_buf(y, count, MPI_2INT));
      behavior root:
        assumes \mpi_comm_rank == root;
        assigns *\mpi_buf(y, count, MPI_2INT);
        ensures \mpi_reduce(*\mpi_buf(y, count, MPI_2INT), 0, \mpi_comm_size, MPI_MINLOC,
                            \lambda integer t; \mpi_on(\old(*\mpi_buf(x, count, MPI_2INT)), t));
      behavior other:
        assumes \mpi_comm_rank != root;
        assigns \nothing;
      complete behaviors;
      disjoint behaviors;
*/
#endif
void minloc(const int *x, int *y, int count, int root) {
#ifdef WRONGOP
  MPI_Reduce(x, y, count, MPI_2INT, MPI_MAXLOC, root, MPI_COMM_WORLD);
#else
  MPI_Reduce(x, y, count, MPI_2INT, MPI_MINLOC, root, MPI_COMM_WORLD);
#endif
}

// MPI_DOUBLE_INT over an array of struct { double v; int i; } (the gap of
// its type map is the struct's padding): each pair the minimum of the
// ranks' pairs, for every count (a sequence of symbolic length of records)
// and for the counts 0 .. 2 (-DCMAX=2: the records' members as values).
// Broken: MPI_MAXLOC (refuted with the bound).
#ifndef CMAX
#define CMAX 1000000
#endif
typedef struct {
  double v;
  int i;
} di_t;
#ifndef MAIN
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count <= CMAX;
      requires \valid_read(\mpi_buf(x, count, MPI_DOUBLE_INT));
      requires \valid(\mpi_buf(y, count, MPI_DOUBLE_INT));
      requires \separated(\mpi_buf(x, count, MPI_DOUBLE_INT), \mpi_buf(y, count, MPI_DOUBLE_INT));
      assigns *\mpi_buf(y, count, MPI_DOUBLE_INT);
      ensures \mpi_reduce(*\mpi_buf(y, count, MPI_DOUBLE_INT), 0, \mpi_comm_size, MPI_MINLOC,
                          \lambda integer t; \mpi_on(\old(*\mpi_buf(x, count, MPI_DOUBLE_INT)), t));
*/
#endif
void dminloc(const di_t *x, di_t *y, int count) {
#ifdef DMAX
  MPI_Allreduce(x, y, count, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, count, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
#endif
}

#ifdef MAIN
#include <assert.h>
// The real run (Open MPI): ranks hold (value, index) pairs with ties.
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[4] = {rank % 2, 10 + rank, 5 - rank, rank}, y[4] = {-9, -9, -9, -9}, z[4];
  maxloc(x, y, 2);
  // pair 0: value 1 on the odd ranks (the smallest: 1 % size), pair 1:
  // value 5 on rank 0
  assert(y[0] == (size > 1) && y[1] == 10 + (size > 1) && y[2] == 5 && y[3] == 0);
  minloc(x, z, 2, 0);
  if (rank == 0)
    assert(z[0] == 0 && z[1] == 10 && z[2] == 5 - (size - 1) && z[3] == size - 1);
  di_t d[2] = {{rank % 2 ? -1.5 : 2.0, rank}, {1.0, 7 - rank}}, e[2];
  dminloc(d, e, 2);
  // pair 0: -1.5 first on rank 1; pair 1: a tie, the smallest index
  assert(e[0].v == (size > 1 ? -1.5 : 2.0) && e[0].i == (size > 1) && e[1].v == 1.0 &&
         e[1].i == 7 - (size - 1));
  MPI_Finalize();
  return 0;
}
#endif

// --contract, with MPI's collectives simulated by their App. B contracts:
// MAXLOC on MPI_2INT for every count, MINLOC to a root and on
// MPI_DOUBLE_INT for the counts 0 .. 2.
// RUN: %expect-exit 0 %chorus verify %s --contract maxloc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract minloc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract dminloc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=FINITE --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract dminloc -DCMAX=2 -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=FINITE --implicit-check-not=note:
// FINITE: verdict: verified ({{.*}}assuming floating-point inputs and the values computed from them are finite, not infinity or NaN)
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract maxloc -DHALF -n 2 --quiet | FileCheck %s --check-prefix=HALF
// HALF: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}maxloc.c:18:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --contract minloc -DWRONGOP -n 2 --quiet | FileCheck %s --check-prefix=WRONGOP
// WRONGOP: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}maxloc.c:44:9 (process 1)
// RUN: %expect-exit 1 %chorus verify %s --contract dminloc -DCMAX=2 -DDMAX -n 2 --quiet | FileCheck %s --check-prefix=DMAX
// DMAX: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}maxloc.c:81:7 (process 0)
// With chorus's own MPI model (counts bounded: the model sends values).
// RUN: %expect-exit 0 %chorus verify %s --mpi-model builtin --contract minloc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --mpi-model builtin --contract dminloc -DCMAX=2 -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --mpi-model builtin --contract minloc -DWRONGOP -n 2 --quiet | FileCheck %s --check-prefix=BWRONGOP
// BWRONGOP: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}maxloc.c:44:9 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --mpi-model builtin --contract dminloc -DCMAX=2 -DDMAX -n 2 --quiet | FileCheck %s --check-prefix=DMAX
// The real run (Open MPI) and chorus's run of it agree.
// RUN: %expect-exit 0 %native -n 3 -DMAIN %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DHALF %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DWRONGOP %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DDMAX %s
// RUN: %expect-exit 0 %chorus verify %s -DMAIN -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DHALF -n 3 --quiet | FileCheck %s --check-prefix=MHALF
// MHALF: verdict: violation ASSERTION at {{.*}}maxloc.c:105:3 (process 0)
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DWRONGOP -n 3 --quiet | FileCheck %s --check-prefix=MWRONGOP
// MWRONGOP: verdict: violation ASSERTION at {{.*}}maxloc.c:108:5 (process 0)
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DDMAX -n 3 --quiet | FileCheck %s --check-prefix=MDMAX
// MDMAX: verdict: violation ASSERTION at {{.*}}maxloc.c:112:3 (process 0)
