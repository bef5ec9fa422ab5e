/*
 * reduce_scatter_nc.c -- MPI_Reduce_scatter_block for an operation that
 * need not commute (seed 002 Fig. 7: "reduceScatterNC"): every block is
 * folded in rank order — rank 0's part travels to rank 1, which combines
 * it with its own (acc op mine), and so on up to the last rank, which
 * sends each block's result to its owner once all blocks are done (no
 * rank waits in a send while its owner waits in another). The contract is
 * reduce_scatter.c's (App. B.15 with MPI_SUM on doubles, mathematical
 * reals; \mpi_reduce folds in rank order).
 *     chorus verify reduce_scatter_nc.c --contract reduceScatterNC -n 1..5   verified
 *     ... -DSKIP_LAST    the last rank forgets its own part:
 *                        COLLECTIVE_POSTCONDITION (n >= 2)
 *     ... -DWRONG_OWNER  block b goes to rank b + 1 (mod n): at n = 2 the
 *                        last rank sends block 0 to itself:
 *                        UNRECEIVED_MESSAGE
 */
#include <mpi.h>

#define SBUF_OF(i) (\mpi_buf(sbuf, rcount, MPI_DOUBLE) + (i) * rcount)
#define RBUF \mpi_buf(rbuf, rcount, MPI_DOUBLE)

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(rcount) && 0 <= rcount <= 2;
      requires \valid_read(\mpi_comm_size * \mpi_buf(sbuf, rcount, MPI_DOUBLE));
      requires \valid(RBUF);
      assigns *RBUF;
      ensures \forall integer i; i == \mpi_comm_rank ==>
                \mpi_reduce(*RBUF, 0, \mpi_comm_size, MPI_SUM,
                            \lambda integer t; \mpi_on(\old(*SBUF_OF(i)), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void reduceScatterNC(const double *sbuf, double *rbuf, int rcount) {
  int rank, size;
  double acc[2], res[8][2];
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
        for (int j = 0; j < rcount; j++)
          acc[j] = acc[j] + mine[j];
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
