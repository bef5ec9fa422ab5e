/*
 * reduce_scatter.c -- MPI_Reduce_scatter_block for a sum of doubles built
 * on other collectives (seed 002 Fig. 7: "reduceScatter"): MPI_Reduce of
 * the whole vector to rank 0, then MPI_Scatter of its blocks. Both MPI
 * calls are simulated by their contracts of App. B (B.12, B.17), so the
 * implementation is verified against what MPI promises. The contract
 * follows App. B.15: rank i's receive buffer is a reduction, over the
 * ranks, of block i of their send buffers (rcount <= 2 per block).
 *     chorus verify reduce_scatter.c --contract reduceScatter -n 1..5   verified
 *     ... -DWRONG_ROOT  the scatter comes from the last rank, which waits
 *                       for no one: it may return before rank 0 entered: WAITSFOR
 *     ... -DONE_BLOCK   only the first block is reduced:
 *                       COLLECTIVE_POSTCONDITION (n >= 2)
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
void reduceScatter(const double *sbuf, double *rbuf, int rcount) {
  int rank, size, root = 0;
  double tmp[16];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#ifdef WRONG_ROOT
  root = size - 1;
#endif
#ifdef ONE_BLOCK
  MPI_Reduce(sbuf, tmp, rcount, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
#else
  MPI_Reduce(sbuf, tmp, size * rcount, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
  MPI_Scatter(tmp, rcount, MPI_DOUBLE, rbuf, rcount, MPI_DOUBLE, root, MPI_COMM_WORLD);
}
