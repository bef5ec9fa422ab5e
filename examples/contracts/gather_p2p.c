/*
 * gather_p2p.c -- a gather to a root built from point-to-point messages
 * (seed 002 Fig. 7: "gather"), verified against a contract in the style of
 * MPI_Gather's (App. B.10) for ints on MPI_COMM_WORLD: the root's receive
 * buffer holds, block after block, every rank's send buffer; the other
 * ranks' buffers are untouched. count is at most 2 (a range the
 * precondition bounds), root is any rank.
 *     chorus verify gather_p2p.c --contract gather -n 1..5      verified
 *     ... -DWRONG_OFFSET  the root stores rank r's block at r*count + 1:
 *                         OUT_OF_BOUNDS (the last block runs past rbuf)
 *     ... -DNO_SELF       the root forgets its own block:
 *                         COLLECTIVE_POSTCONDITION
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count <= 2;
      requires \valid_read(sbuf + (0 .. count - 1));
      behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid(rbuf + (0 .. \mpi_comm_size * count - 1));
        assigns rbuf[0 .. \mpi_comm_size * count - 1];
        ensures \forall integer r, i; 0 <= r < \mpi_comm_size && 0 <= i < count ==>
                  rbuf[r * count + i] == \mpi_on(\old(sbuf[i]), r);
        waitsfor { j | int j; 0 <= j < \mpi_comm_size };
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        assigns \nothing;
      complete behaviors;
      disjoint behaviors;
*/
void gather(int *sbuf, int *rbuf, int count, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != root) {
    MPI_Send(sbuf, count, MPI_INT, root, 0, MPI_COMM_WORLD);
    return;
  }
  for (int r = 0; r < size; r++) {
#ifdef WRONG_OFFSET
    int *dst = rbuf + r * count + 1;
#else
    int *dst = rbuf + r * count;
#endif
    if (r == root) {
#ifndef NO_SELF
      for (int i = 0; i < count; i++)
        dst[i] = sbuf[i];
#endif
    } else {
      MPI_Recv(dst, count, MPI_INT, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
}
