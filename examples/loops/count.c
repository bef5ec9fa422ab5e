/*
 * count.c -- every process loops from 1 to N; at the end its loop
 * variable equals N (CORRECT, for every N >= 1).
 *
 * Source: seed 004 §3 (Fig. 5, "count": a multiprocess program where each
 * process loops from 1 to N and we check the loop variable equals N at
 * termination).  The collective invariant also relates the processes:
 * the k-th arrivals of all processes at the loop head see the same i.
 *     chorus verify count.c -n 1..4 --lise   (verified, all input sizes)
 * -DWRONG: an off-by-one invariant (i < N) that fails when the loop exits.
 */
#include <assert.h>
#include <mpi.h>

#pragma TASS input {N >= 1}
int N;

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int i = 1;
#ifdef WRONG
#pragma TASS collective invariant C i == PROC[0]@main.i && 1 <= i && i < N
#else
#pragma TASS collective invariant C i == PROC[0]@main.i && 1 <= i && i <= N
#endif
  while (i < N) {
    i++;
  }
  assert(i == N);
  MPI_Finalize();
  return 0;
}
