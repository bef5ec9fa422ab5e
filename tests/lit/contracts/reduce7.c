// \mpi_reduce with a user op over 7 operands where MPI's collectives are
// simulated by their App. B contracts: MPI_Reduce's result (a fresh value
// that is "a reduction" of the operands, App. B.12) broadcast by MPI_Bcast
// meets f's own \mpi_reduce. A commutative user op has 10,395 ways to
// combine 7 operands (more than the 1,000 the trees are listed for): the
// fact is then kept as one atom reduced(r, c_0, ..., c_6) that the
// simulated call assumes and f's claim finds (was unknown: "more than
// 1000 ways to combine them"). Broken (-DROTATE): every rank reduces its
// left neighbour's operand, a rotation of the operands: right for the
// commutative ops, wrong for the non-commutative user op.
#include <mpi.h>

#define SBUF \mpi_buf(sbuf, count, MPI_INT)
#define RBUF \mpi_buf(rbuf, count, MPI_INT)

#ifndef MAIN // (the real run: no contract)
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && \mpi_agree(op) && 0 <= count <= 2;
      requires \valid_read(SBUF) && \valid(RBUF) && \separated(SBUF, RBUF);
      assigns *RBUF;
      ensures \mpi_agree(*RBUF);
      ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                          \lambda integer t; \mpi_on(\old(*SBUF), t));
*/
#endif
void redbcast(const int *sbuf, int *rbuf, int count, MPI_Op op) {
#ifdef ROTATE
  int rank, size, left[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Sendrecv(sbuf, count, MPI_INT, (rank + 1) % size, 0, left, count, MPI_INT,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Reduce(left, rbuf, count, MPI_INT, op, 0, MPI_COMM_WORLD);
#else
  MPI_Reduce(sbuf, rbuf, count, MPI_INT, op, 0, MPI_COMM_WORLD);
#endif
  MPI_Bcast(rbuf, count, MPI_INT, 0, MPI_COMM_WORLD);
}

#ifdef MAIN
#include <assert.h>
// The real run (Open MPI): "the first" (a op b = a), associative, not
// commutative: the reduction in rank order is rank 0's operand.
static void first(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  for (int i = 0; i < *len; i++)
    b[i] = a[i];
}

int main(int argc, char **argv) {
  int rank;
  MPI_Op op;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op_create(first, 0, &op);
  int s[2] = {rank + 1, 10 * rank}, r[2];
  redbcast(s, r, 2, op);
  assert(r[0] == 1 && r[1] == 0);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
#endif

// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract redbcast -n 7 --quiet 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: note: --contract {{.*}}: one run per op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op} (other datatypes and ops are not covered)
// ALL: verdict: verified (op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op}
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract redbcast -DROTATE -n 7 --quiet 2>&1 | FileCheck %s --check-prefix=ROTATE
// ROTATE: note: with op = a non-commutative user op
// ROTATE: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}reduce7.c:23:7 (process 0)
// The real run (Open MPI) and chorus's run of it agree.
// RUN: %expect-exit 0 %native -n 3 -DMAIN %s
// RUN: %expect-exit 134 %native -n 3 -DMAIN -DROTATE %s
// RUN: %expect-exit 0 %chorus verify %s -DMAIN -n 3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s -DMAIN -DROTATE -n 3 --quiet | FileCheck %s --check-prefix=MROTATE
// MROTATE: verdict: violation ASSERTION at {{.*}}reduce7.c:59:3 (process 0)
