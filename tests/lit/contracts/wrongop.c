// A wrong reduction op for a count the contract leaves free: the prover
// cannot decide the quantified claim (\mpi_reduce under a quantifier over
// the symbolic count), so the obligation is asked again with the count
// 1, 2, 3 (within the precondition): a counterexample there is a real
// refutation, reported with the count it used. MINLOC where MAXLOC is
// promised (MPI_2INT), MAXLOC where MINLOC is (MPI_DOUBLE_INT over
// records), MPI_MAX where MPI_SUM is (MPI_Reduce + MPI_Bcast); the right
// ops stay verified for every count.
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
#ifdef WRONG
  MPI_Allreduce(x, y, count, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, count, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
#endif
}

typedef struct {
  double v;
  int i;
} di_t;
#ifndef MAIN
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count;
      requires \valid_read(\mpi_buf(x, count, MPI_DOUBLE_INT));
      requires \valid(\mpi_buf(y, count, MPI_DOUBLE_INT));
      requires \separated(\mpi_buf(x, count, MPI_DOUBLE_INT), \mpi_buf(y, count, MPI_DOUBLE_INT));
      assigns *\mpi_buf(y, count, MPI_DOUBLE_INT);
      ensures \mpi_reduce(*\mpi_buf(y, count, MPI_DOUBLE_INT), 0, \mpi_comm_size, MPI_MINLOC,
                          \lambda integer t; \mpi_on(\old(*\mpi_buf(x, count, MPI_DOUBLE_INT)), t));
*/
#endif
void dminloc(const di_t *x, di_t *y, int count) {
#ifdef WRONG
  MPI_Allreduce(x, y, count, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, count, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
#endif
}

#ifndef MAIN
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(\mpi_buf(r, count, MPI_INT));
      requires \mpi_agree(count) && 0 <= count;
      requires \valid_read(\mpi_buf(s, count, MPI_INT));
      requires \separated(\mpi_buf(r, count, MPI_INT), \mpi_buf(s, count, MPI_INT));
      assigns *\mpi_buf(r, count, MPI_INT);
      ensures \mpi_reduce(*\mpi_buf(r, count, MPI_INT), 0, \mpi_comm_size, MPI_SUM,
                          \lambda integer t; \mpi_on(*\mpi_buf(s, count, MPI_INT), t));
*/
#endif
void allsum(const int *s, int *r, int count) {
#ifdef WRONG
  MPI_Reduce(s, r, count, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
#else
  MPI_Reduce(s, r, count, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
  MPI_Bcast(r, count, MPI_INT, 0, MPI_COMM_WORLD);
}

#ifdef MAIN
#include <assert.h>
// The real run (Open MPI): one pair / value per rank and count 1.
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {rank, rank}, y[2];
  maxloc(x, y, 1);
  assert(y[0] == size - 1 && y[1] == size - 1);
  di_t d = {1.5 - rank, rank}, e;
  dminloc(&d, &e, 1);
  assert(e.v == 1.5 - (size - 1) && e.i == size - 1);
  int s = rank + 1, r;
  allsum(&s, &r, 1);
  assert(r == size * (size + 1) / 2);
  MPI_Finalize();
  return 0;
}
#endif

// The right ops (maxloc and dminloc also in maxloc.c, n = 1..3).
// RUN: %expect-exit 0 %chorus verify %s --contract maxloc -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract allsum -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract maxloc -DWRONG -n 2 | FileCheck %s --check-prefix=MAXLOC
// MAXLOC: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}wrongop.c:18:7 (process 0)
// MAXLOC-NEXT: the postcondition {{.*}} of 'maxloc' may not hold on process 0 once every process has returned (undecided for every count; refuted with count@0 = 1)
// MAXLOC: count@0 = 1
// MAXLOC: count@1 = 1
// RUN: %expect-exit 1 %chorus verify %s --contract dminloc -DWRONG -n 2 | FileCheck %s --check-prefix=MINLOC
// MINLOC: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}wrongop.c:42:7 (process 0)
// MINLOC-NEXT: {{.*}} of 'dminloc' may not hold on process 0 once every process has returned
// RUN: %expect-exit 1 %chorus verify %s --contract allsum -DWRONG -n 2 | FileCheck %s --check-prefix=SUM
// SUM: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}wrongop.c:62:7 (process 0)
// SUM-NEXT: {{.*}} of 'allsum' may not hold on process 0 once every process has returned
// (Whether z3 refutes SUM and MINLOC at once or only with a constant count
// depends on the prover's earlier queries: MAXLOC checks the retry's wording.)
// The real run (Open MPI) agrees, and chorus's run of it.
// RUN: %expect-exit 0 %native -n 3 -DMAIN %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DWRONG %s
// RUN: %expect-exit 0 %chorus verify %s -DMAIN -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DWRONG -n 3 --quiet | FileCheck %s --check-prefix=MWRONG
// MWRONG: verdict: violation ASSERTION at {{.*}}wrongop.c:85:3 (process 0)
