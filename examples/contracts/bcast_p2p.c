/*
 * bcast_p2p.c -- a broadcast built from point-to-point messages, verified
 * against a contract in the style of MPI_Bcast's (seed 002, App. B.8) for
 * every root, every count the precondition allows and every buffer content
 * (seed 002 Fig. 7: "bcast").
 *
 * The contract is App. B.8's with a buffer of ints on MPI_COMM_WORLD:
 * the datatype is MPI_INT, the value sequence *BUF is written as its
 * elements, and the count is free: every count (messages of symbolic
 * length, lib/exec/DESIGN-NOTES.md "Messages of symbolic length").
 * root is symbolic: the search forks over the ranks 0..n-1.
 *     chorus verify bcast_p2p.c --contract bcast -n 1..5       verified
 *     ... -DWRONG_ROOT  non-roots receive from rank 0: ABSOLUTE_DEADLOCK
 *     ... -DSKIP_LAST   the root does not send to the last rank:
 *                       ABSOLUTE_DEADLOCK (it waits forever)
 *     ... -DEARLY       a non-root returns at once when count == 0 without
 *                       receiving the root's empty message:
 *                       UNRECEIVED_MESSAGE (SEGMENT_BOUNDARY when the root
 *                       sends after it returned)
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count;
      requires \valid(buf + (0 .. count - 1));
      ensures \forall integer i; 0 <= i < count ==>
                buf[i] == \mpi_on(\old(buf[i]), root);
      behavior root:
        assumes \mpi_comm_rank == root;
        assigns \nothing;
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        assigns buf[0 .. count - 1];
        waitsfor root;
      complete behaviors;
      disjoint behaviors;
*/
void bcast(int *buf, int count, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == root) {
    for (int i = 0; i < size; i++) {
#ifdef SKIP_LAST
      if (i == size - 1 && i != root)
        continue;
#endif
      if (i != root)
        MPI_Send(buf, count, MPI_INT, i, 0, MPI_COMM_WORLD);
    }
  } else {
#ifdef EARLY
    if (count == 0)
      return;
#endif
#ifdef WRONG_ROOT
    MPI_Recv(buf, count, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(buf, count, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
}
