/*
 * allgather_p2p.c -- MPI_Allgather built from point-to-point messages
 * (seed 002 Fig. 7: "allgather"), a ring: at step s every rank sends its
 * own block to rank + s and receives rank - s's block. The contract is
 * App. B.1's for ints on MPI_COMM_WORLD, written with the buffer terms of
 * seed 002 §3.3: block r of the receive buffer (\mpi_buf(rbuf, count,
 * MPI_INT) + r * count) holds rank r's send buffer; count <= 2.
 *     chorus verify allgather_p2p.c --contract allgather -n 1..5   verified
 *     ... -DWRONG_OFFSET  a block lands one element too far:
 *                         OUT_OF_BOUNDS (the last block runs past rbuf)
 *     ... -DNO_SELF       a rank forgets its own block:
 *                         COLLECTIVE_POSTCONDITION
 */
#include <mpi.h>

#define SBUF \mpi_buf(sbuf, count, MPI_INT)
#define RBUF_OF(r) (\mpi_buf(rbuf, count, MPI_INT) + (r) * count)

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count <= 2;
      requires \valid_read(SBUF) && \valid(\mpi_comm_size * \mpi_buf(rbuf, count, MPI_INT));
      assigns *(\mpi_comm_size * \mpi_buf(rbuf, count, MPI_INT));
      ensures \forall integer r; 0 <= r < \mpi_comm_size ==>
                *RBUF_OF(r) == \mpi_on(*SBUF, r);
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void allgather(const int *sbuf, int *rbuf, int count) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#ifndef NO_SELF
  for (int i = 0; i < count; i++)
    rbuf[rank * count + i] = sbuf[i];
#endif
  for (int s = 1; s < size; s++) {
    int to = (rank + s) % size, from = (rank - s + size) % size;
#ifdef WRONG_OFFSET
    int *dst = rbuf + from * count + 1;
#else
    int *dst = rbuf + from * count;
#endif
    MPI_Sendrecv(sbuf, count, MPI_INT, to, 0, dst, count, MPI_INT, from, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  }
}
