/*
 * ring.c -- every process sends to its right neighbour and receives from
 * its left one, N times; deadlock-free for every N (CORRECT).
 *
 * Source: seed 004 §3 (Fig. 5, "ring": processes send right and receive
 * left N times and we verify deadlock-freedom).  Even ranks send first,
 * odd ranks receive first, so no buffering is needed.  The collective
 * invariant keeps the iteration counts in step; the received value is
 * the left neighbour's rank.
 *     chorus verify ring.c -n 2..4 --lise   (verified, all input sizes)
 * -DMISSING: process 1 skips its receive in the last iteration, so a
 * message is never received (refuted).
 */
#include <assert.h>
#include <mpi.h>

#pragma TASS input {N >= 0}
int N;

int main(int argc, char **argv) {
  int rank, nprocs, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int right = (rank + 1) % nprocs, left = (rank + nprocs - 1) % nprocs;
  int i = 0;
#pragma TASS collective invariant R i == PROC[0]@main.i && 0 <= i && i <= N
  while (i < N) {
    if (rank % 2 == 0) {
      MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
      MPI_Recv(&x, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
#ifdef MISSING
      if (rank != 1 || i != N - 1)
#endif
        MPI_Recv(&x, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    assert(x == left);
    i++;
  }
  MPI_Finalize();
  return 0;
}
