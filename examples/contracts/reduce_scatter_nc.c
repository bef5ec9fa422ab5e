/*
 * reduce_scatter_nc.c -- MPI_Reduce_scatter_block for an operation that
 * need not commute (seed 002 Fig. 7: "reduceScatterNC"): every block is
 * folded in rank order — rank 0's part travels to rank 1, which combines
 * it with its own (acc op mine, by MPI_Reduce_local(acc, mine): App. B.13,
 * inoutbuf = inbuf op inoutbuf), and so on up to the last rank, which
 * sends each block's result to its owner once all blocks are done (no
 * rank waits in a send while its owner waits in another). The contract is
 * App. B.15's with the op a parameter: `verify --contract` runs it with
 * MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN and two symbolic user ops (every
 * op MPI_Op_create can make, commutative or not: \mpi_reduce then asks
 * for a bracketing of the operands in rank order, seed 002 §3.3).
 *     chorus verify reduce_scatter_nc.c --contract reduceScatterNC -n 1..5   verified
 *     ... -DSKIP_LAST    the last rank forgets its own part:
 *                        COLLECTIVE_POSTCONDITION (n >= 2)
 *     ... -DWRONG_OWNER  block b goes to rank b + 1 (mod n): at n = 2 the
 *                        last rank sends block 0 to itself:
 *                        UNRECEIVED_MESSAGE
 *     ... -DWRONG_ORDER  a rank combines mine op acc (the reduction in the
 *                        wrong order): verified for the commutative ops,
 *                        COLLECTIVE_POSTCONDITION with the non-commutative
 *                        user op (n >= 2)
 */
#include <mpi.h>

#define SBUF_OF(i) (\mpi_buf(sbuf, rcount, MPI_DOUBLE) + (i) * rcount)
#define RBUF \mpi_buf(rbuf, rcount, MPI_DOUBLE)

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(rcount) && \mpi_agree(op) && 0 <= rcount <= 2;
      requires \valid_read(\mpi_comm_size * \mpi_buf(sbuf, rcount, MPI_DOUBLE));
      requires \valid(RBUF);
      assigns *RBUF;
      ensures \forall integer i; i == \mpi_comm_rank ==>
                \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                            \lambda integer t; \mpi_on(\old(*SBUF_OF(i)), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void reduceScatterNC(const double *sbuf, double *rbuf, int rcount, MPI_Op op) {
  int rank, size;
  double acc[2], tmp[2], res[8][2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int b = 0; b < size; b++) {
    const double *mine = sbuf + b * rcount;
    if (rank == 0) {
      for (int j = 0; j < rcount; j++)
        acc[j] = mine[j];
    } else {
      MPI_Recv(acc, rcount, MPI_DOUBLE, rank - 1, b, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef SKIP_LAST
      if (rank + 1 < size)
#endif
      {
        for (int j = 0; j < rcount; j++)
          tmp[j] = mine[j];
#ifdef WRONG_ORDER
        MPI_Reduce_local(tmp, acc, rcount, MPI_DOUBLE, op); // acc = mine op acc
#else
        MPI_Reduce_local(acc, tmp, rcount, MPI_DOUBLE, op); // tmp = acc op mine
        for (int j = 0; j < rcount; j++)
          acc[j] = tmp[j];
#endif
      }
    }
    if (rank + 1 < size)
      MPI_Send(acc, rcount, MPI_DOUBLE, rank + 1, b, MPI_COMM_WORLD);
    else
      for (int j = 0; j < rcount; j++)
        res[b][j] = acc[j];
  }
  if (rank + 1 == size) {
    for (int b = 0; b + 1 < size; b++) {
#ifdef WRONG_OWNER
      MPI_Send(res[b], rcount, MPI_DOUBLE, (b + 1) % size, size + b, MPI_COMM_WORLD);
#else
      MPI_Send(res[b], rcount, MPI_DOUBLE, b, size + b, MPI_COMM_WORLD);
#endif
    }
    for (int j = 0; j < rcount; j++)
      rbuf[j] = res[size - 1][j];
  } else {
    MPI_Recv(rbuf, rcount, MPI_DOUBLE, size - 1, size + rank, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}
