// \mpi_reduce with user-defined operations, bitwise ops and MPI_MAXLOC
// (seed 002 §3.3: "The predicate holds iff the value sequence out on this
// process is a point-wise reduction, using operator op, of the hi - lo
// value sequences in(lo), ..., in(hi - 1) ... We say *a* reduction, and
// not *the* reduction, because op may not be strictly commutative and
// associative"; App. B.13: MPI_Reduce_local's inoutbuf is a reduction of
// (inbuf, \old(inoutbuf)) in that order).
//
// An MPI_Op parameter of f is run as MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN
// and as two symbolic user ops, each every operation MPI_Op_create can
// make with that commute flag: an uninterpreted function F, neither
// associative nor (commute = 0) commutative. "A reduction" by such an op
// is any bracketing of the operands in rank order (any tree of them for
// the commutative op), element by element (lib/exec/DESIGN-NOTES.md,
// "User ops in contracts").
#include <mpi.h>

#define SBUF \mpi_buf(sbuf, count, MPI_INT)
#define RBUF \mpi_buf(rbuf, count, MPI_INT)

// An allreduce by a chain from the last rank down to rank 0: rank r
// receives c_{r+1} op (... op c_{n-1}) from rank r + 1 and puts its own
// operand on the left (MPI_Reduce_local(in, inout) computes inout = in op
// inout: App. B.13), so rank 0 holds c_0 op (c_1 op (... op c_{n-1})), a
// bracketing in rank order (right-nested: "a" reduction, seed 002 §3.3);
// rank 0 broadcasts it. Correct for every op, associative, commutative or
// not. (The contract is left out of the real run's program, -DMAIN, which
// chorus verifies as a whole below.)
#ifndef MAIN
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && \mpi_agree(op) && 0 <= count <= 2;
      requires \valid_read(SBUF) && \valid(RBUF) && \separated(SBUF, RBUF);
      assigns *RBUF;
      ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                          \lambda integer t; \mpi_on(\old(*SBUF), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
#endif
void chain(const int *sbuf, int *rbuf, int count, MPI_Op op) {
  int rank, size, tmp[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank + 1 < size) {
    MPI_Recv(rbuf, count, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef WRONG_ORDER
    // acc op mine: the reduction in the wrong order
    for (int j = 0; j < count; j++)
      tmp[j] = sbuf[j];
    MPI_Reduce_local(rbuf, tmp, count, MPI_INT, op);
    for (int j = 0; j < count; j++)
      rbuf[j] = tmp[j];
#else
    MPI_Reduce_local(sbuf, rbuf, count, MPI_INT, op); // mine op acc
#endif
  } else {
    for (int j = 0; j < count; j++)
      rbuf[j] = sbuf[j];
  }
  if (rank > 0)
    MPI_Send(rbuf, count, MPI_INT, rank - 1, 0, MPI_COMM_WORLD);
  MPI_Bcast(rbuf, count, MPI_INT, 0, MPI_COMM_WORLD);
}

// MPI_Reduce to rank 0, then MPI_Bcast (both simulated by their App. B
// contracts): the reduction MPI_Reduce promises, whatever op is.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && \mpi_agree(op) && 0 <= count <= 2;
      requires \valid_read(SBUF) && \valid(RBUF) && \separated(SBUF, RBUF);
      assigns *RBUF;
      ensures \mpi_agree(*RBUF);
      ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                          \lambda integer t; \mpi_on(\old(*SBUF), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void redbcast(const int *sbuf, int *rbuf, int count, MPI_Op op) {
  MPI_Reduce(sbuf, rbuf, count, MPI_INT, op, 0, MPI_COMM_WORLD);
  MPI_Bcast(rbuf, count, MPI_INT, 0, MPI_COMM_WORLD);
}

// Bitwise ops on the bits of int.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid_read(\mpi_buf(x, 1, MPI_INT)) && \valid(\mpi_buf(y, 1, MPI_INT));
      requires \separated(\mpi_buf(x, 1, MPI_INT), \mpi_buf(y, 1, MPI_INT));
      assigns *\mpi_buf(y, 1, MPI_INT);
      ensures \mpi_reduce(*\mpi_buf(y, 1, MPI_INT), 0, \mpi_comm_size, MPI_BXOR,
                          \lambda integer t; \mpi_on(\old(*\mpi_buf(x, 1, MPI_INT)), t));
*/
void xorall(const int *x, int *y) {
#ifdef BOR
  MPI_Allreduce(x, y, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, 1, MPI_INT, MPI_BXOR, MPI_COMM_WORLD);
#endif
}

// MPI_MAXLOC on (value, index) pairs.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid_read(\mpi_buf(x, 1, MPI_2INT)) && \valid(\mpi_buf(y, 1, MPI_2INT));
      requires \separated(\mpi_buf(x, 1, MPI_2INT), \mpi_buf(y, 1, MPI_2INT));
      assigns *\mpi_buf(y, 1, MPI_2INT);
      ensures \mpi_reduce(*\mpi_buf(y, 1, MPI_2INT), 0, \mpi_comm_size, MPI_MAXLOC,
                          \lambda integer t; \mpi_on(\old(*\mpi_buf(x, 1, MPI_2INT)), t));
*/
void maxloc(const int *x, int *y) {
#ifdef MINLOC
  MPI_Allreduce(x, y, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, 1, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
#endif
}

#ifdef MAIN
#include <assert.h>
// The real run (Open MPI): a user op that is associative but not
// commutative, "the first nonzero" (MPI calls fn(invec, inoutvec) for
// inoutvec = invec op inoutvec). MPI_Reduce_local(a, b) gives b = a op b,
// and MPI_Allreduce reduces in rank order (MPI 3.1 §5.9.5): chain agrees
// with it, and with -DWRONG_ORDER it does not (the assertion fails).
static void first(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  for (int i = 0; i < *len; i++)
    b[i] = a[i] ? a[i] : b[i];
}

int main(int argc, char **argv) {
  int rank, bad = 0;
  MPI_Op op;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op_create(first, 0, &op);
  int a = 5, b = 7;
  MPI_Reduce_local(&a, &b, 1, MPI_INT, op);
  bad |= b != 5;
  int s[2] = {rank + 1, rank % 2 ? 0 : 10 * (rank + 1)}, r[2], ref[2];
  chain(s, r, 2, op);
  MPI_Allreduce(s, ref, 2, MPI_INT, op, MPI_COMM_WORLD);
  bad |= r[0] != ref[0] || r[1] != ref[1];
  assert(!bad);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
#endif

// The real run and chorus's own run of it (the MPI model calls `first`)
// agree: correct in rank order, wrong in the other order.
// RUN: %expect-exit 0 %native -n 3 -DMAIN %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DWRONG_ORDER %s
// RUN: %expect-exit 0 %chorus verify %s -DMAIN -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DWRONG_ORDER -n 3 --quiet | FileCheck %s --check-prefix=MAIN
// MAIN: verdict: violation ASSERTION at {{.*}}userops.c:142:3 (process 0)
//
// --contract: verified for every op (the predefined ones and both user
// ops; integers are mathematical here: MPI_SUM of ints may overflow).
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract chain -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract redbcast -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: note: --contract {{.*}}: one run per op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op} (other datatypes and ops are not covered)
// ALL: verdict: verified (op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op}
// With chorus's own MPI model (MPI_Reduce and MPI_Reduce_local fold in
// rank order: one of the bracketings).
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract redbcast --mpi-model builtin -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract chain --mpi-model builtin -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// The reduction in the wrong order: right for every commutative op, wrong
// for a non-commutative one (n = 2: rank 0 holds F(c_1, c_0)), with
// MPI_Reduce_local simulated by App. B.13 and run by the MPI model alike.
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract chain -DWRONG_ORDER -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract chain --mpi-model builtin -DWRONG_ORDER -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=ORDER
// Beyond 1,000 trees (7 operands: 10,395 unordered trees for the
// commutative op) the result is checked by its shape: op applied along a
// tree whose leaves are the operands, in rank order for the
// non-commutative op (was unknown: "more than 1000 ways to combine
// them"); the wrong order still falls back to the trees and is refuted.
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract chain -n 7 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract chain -DWRONG_ORDER -n 4 --quiet 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: note: with op = a non-commutative user op
// ORDER: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}userops.c:35:7 (process 0)
// Bitwise ops on the bits of int; MPI_MAXLOC on pairs.
// RUN: %expect-exit 0 %chorus verify %s --contract xorall -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --contract xorall -DBOR -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=BITS
// BITS: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}userops.c:88:7 (process 0)
// RUN: %expect-exit 0 %chorus verify %s --contract maxloc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --contract maxloc -DMINLOC -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=LOC
// LOC: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}userops.c:105:7 (process 0)
// OK: verdict: verified
// MPI_Reduce simulated over 7 operands: 10,395 trees for the commutative
// op, kept as one atom the simulation assumes and the claim finds (was
// unknown: more than 1000 ways to combine them); -DROTATE in reduce7.c.
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract redbcast -n 7 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
