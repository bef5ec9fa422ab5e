/*
 * race.c -- a collective loop invariant that is violated when messages
 * cross iteration boundaries (INCORRECT).
 *
 * Source: seed 004 (collective loop invariants), Fig. 1.  The loop and the
 * pragma are as written (OCR fixes: "O" is 0, "X" is x).  Completed
 * minimally: MPI set-up, declarations of x, j, myrank, nprocs, and
 * "int s = t = ..." split as "int t; int s = t = ..." so that it is C.
 * Every process of positive rank sends its rank to process 0 in every
 * iteration; process 0 sums nprocs-1 messages received with
 * MPI_ANY_SOURCE.  Process 1 can send twice before process 0 has received
 * from process 2, so s != t on process 0.  The loop never terminates.
 * chorus checks the invariant at every arrival at the loop head (bounded
 * exploration); with unbounded buffering (--deadlock absolute, part of the
 * default "both") the state space is infinite, so search it with
 * synchronous sends:
 *     chorus verify race.c -n 3 --deadlock potential
 *         (expect: violation COLLECTIVE_INVARIANT of I on process 0)
 */
#include <mpi.h>
#include <stdbool.h>

int main(int argc, char **argv) {
  int myrank, nprocs, x, j;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int t;
  int s = t = nprocs*(nprocs-1)/2;
#pragma TASS collective invariant I s == t;
  while (true) {
    if (myrank == 0) {
      s = 0;
      for (j=1; j<nprocs; j++) {
        MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        s+=x;
      }
    } else MPI_Send(&myrank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
