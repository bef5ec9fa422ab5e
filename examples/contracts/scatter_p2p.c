/*
 * scatter_p2p.c -- MPI_Scatter built from point-to-point messages (seed 002
 * Fig. 7: "scatter"): the root sends block r of its send buffer to rank r
 * and copies its own. The contract follows App. B.16 for ints on
 * MPI_COMM_WORLD: every rank's receive buffer is the root's block of that
 * rank; the root reads its send buffer (count * n elements), the others
 * do not; root is any rank, count <= 2.
 *     chorus verify scatter_p2p.c --contract scatter -n 1..5   verified
 *     ... -DWRONG_BLOCK  rank r gets block r + 1 (mod n):
 *                        COLLECTIVE_POSTCONDITION
 *     ... -DNO_SELF      the root forgets its own block:
 *                        COLLECTIVE_POSTCONDITION
 */
#include <mpi.h>

#define RBUF \mpi_buf(rbuf, count, MPI_INT)
#define SBUF_OF(r) (\mpi_buf(sbuf, count, MPI_INT) + (r) * count)

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count <= 2 && \valid(RBUF);
      assigns *RBUF;
      ensures \forall integer i; i == \mpi_comm_rank ==>
                *RBUF == \mpi_on(\old(*SBUF_OF(i)), root);
      behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid_read(\mpi_comm_size * \mpi_buf(sbuf, count, MPI_INT));
        requires \separated(RBUF, \mpi_comm_size * \mpi_buf(sbuf, count, MPI_INT));
        waitsfor \nothing;
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        waitsfor root;
      complete behaviors;
      disjoint behaviors;
*/
void scatter(const int *sbuf, int *rbuf, int count, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != root) {
    MPI_Recv(rbuf, count, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return;
  }
  for (int r = 0; r < size; r++) {
#ifdef WRONG_BLOCK
    const int *blk = sbuf + ((r + 1) % size) * count;
#else
    const int *blk = sbuf + r * count;
#endif
    if (r == root) {
#ifndef NO_SELF
      for (int i = 0; i < count; i++)
        rbuf[i] = blk[i];
#endif
    } else {
      MPI_Send(blk, count, MPI_INT, r, 0, MPI_COMM_WORLD);
    }
  }
}
