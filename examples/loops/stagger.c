/*
 * stagger.c -- a 2-process program in which messages sent on odd
 * iterations are received in even iterations (CORRECT).
 *
 * Source: seed 004, Fig. 2, lines 1-13 as written (OCR fixes: "1" in
 * line 2 is i, "2%" is 2*, "O" is 0, "X" is x).  The input n (the seed's
 * comment "input variable; assume n >= 0") is declared with a TASS input
 * pragma; MPI set-up and myrank are added.  Process 1 stays an iteration
 * ahead of process 0, so synchronizing at the loop would deadlock; the
 * invariant and the final assertion hold on all executions.  Needs
 * exactly 2 processes; "0<=i && i<=2*n" is added to the seed's invariant
 * (else not inductive).  chorus verify stagger.c -n 2 --lise --no-overflow-check
 */
#include <mpi.h>
#include <assert.h>

#pragma TASS input {n >= 0}
int n; /* input variable; assume n >= 0 */

int main(int argc, char **argv) {
  int myrank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
  int i = 0, x = 0;
#pragma TASS collective invariant I i==PROC[1-myrank]@main.i && \
    x==2*((i+1-myrank)/2) && 0<=i && i<=2*n;
  while(i < 2*n) {
    if (myrank == 0 && i%2 == 0) {
      MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (myrank == 1 && i%2 == 1) {
      x = i+1;
      MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    i++;
  }
  assert (x==2*n);
  MPI_Finalize();
  return 0;
}
