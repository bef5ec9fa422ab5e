/*
 * allreduce_contract.c -- the contract of MPI_Allreduce from seed 002,
 * Fig. 5 (lines 1-20 verbatim), attached to a wrapper function.
 *
 * The seed attaches the contract to the declaration of MPI_Allreduce
 * itself (lines 21-22).  Here it is attached to allreduce(), whose body
 * calls MPI_Allreduce, so that chorus can check that its model of
 * MPI_Allreduce conforms to the contract.  main is a minimal driver
 * exercising both behaviors (not_in_place and in_place).
 * Note: as printed in Fig. 5, the in_place behavior's ensures clause reads
 * \mpi_on(*SBUF, t) although sbuf == MPI_IN_PLACE there; App. B.3 of the
 * same seed writes \mpi_on(\old(*RBUF), t).  Fig. 5 is kept verbatim here;
 * lib/front/headers/chorus_mpi_contracts.h has the App. B.3 version.
 *     chorus verify allreduce_contract.c --contract allreduce -n 1..5
 */
#include <mpi.h>

#pragma CIVL ACSL

#define SBUF \mpi_buf(sbuf, count, dt)
#define RBUF \mpi_buf(rbuf, count, dt)
/*@ mpi uses comm; mpi collective(comm):
  requires \valid(RBUF) && \mpi_nonoverlapping(dt);
  requires \mpi_agree(count) && \mpi_agree(dt) && \mpi_agree(op) && count >= 0;
  requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
  assigns *RBUF;
  ensures \mpi_agree(*RBUF);
  waitsfor { i | int i; 0 <= i < \mpi_comm_size };
  behavior not_in_place:
    assumes sbuf != MPI_IN_PLACE;
    requires \mpi_agree(sbuf != MPI_IN_PLACE) && \valid_read(SBUF);
    ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                        \lambda integer t; \mpi_on(*SBUF, t));
  behavior in_place:
    assumes sbuf == MPI_IN_PLACE;
    requires \mpi_agree(sbuf == MPI_IN_PLACE);
    ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                        \lambda integer t; \mpi_on(*SBUF, t));
  disjoint behaviors; complete behaviors; */
int allreduce(const void *sbuf, void *rbuf, int count,
              MPI_Datatype dt, MPI_Op op, MPI_Comm comm) {
  return MPI_Allreduce(sbuf, rbuf, count, dt, op, comm);
}

int main(int argc, char **argv) {
  int rank, v[2], r[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  v[0] = rank; v[1] = 2 * rank;
  allreduce(v, r, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
