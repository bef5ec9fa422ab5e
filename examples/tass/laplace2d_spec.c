/*
 * laplace2d_spec.c -- sequential Jacobi solver of the Laplace equation on an
 * (NY+2) x (NX+2) grid with fixed boundary values (specification).
 *
 * Seed 000 §4.4 names the experiment (a sequential and an MPI
 * row-distributed Laplace solver with a convergence test and
 * MPI_Allgather, the global error compared at every iteration; 6
 * processes, grid <= 4x12, <= 3 iterations) without listing the code; this
 * is our version. The error of an iteration is the sum of the absolute
 * changes (no branching per cell); the loop stops after MAXITER iterations
 * or once the error is at most EPSILON. Joint assertion E only labels the
 * end of an iteration here; the implementation (laplace2d_impl.c) states
 * error == spec.error there. Arithmetic is over the reals.
 *     chorus compare laplace2d_spec.c laplace2d_impl.c -n 6
 */
#include <math.h>

#pragma TASS input {NX >= 1 && NX <= 4} int
#define NX 4
#pragma TASS input {NY >= 1 && NY <= 12} int
#define NY 12
#pragma TASS input {MAXITER >= 0 && MAXITER <= 3} int
#define MAXITER 3

#pragma TASS input
double EPSILON;
#pragma TASS input
double init[14][6]; /* rows 0 and NY+1, columns 0 and NX+1: boundary */

#pragma TASS output
double error;
#pragma TASS output
int iters;

double u[14][6], unew[14][6];

int main(void) {
  int i, j, iter = 0;

  for (i = 0; i < NY + 2; i++)
    for (j = 0; j < NX + 2; j++)
      u[i][j] = init[i][j];
  error = 0.0;
  while (iter < MAXITER) {
    error = 0.0;
    for (i = 1; i <= NY; i++)
      for (j = 1; j <= NX; j++) {
        double d;
        unew[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) / 4;
        d = unew[i][j] - u[i][j];
        error = error + fabs(d);
      }
    for (i = 1; i <= NY; i++)
      for (j = 1; j <= NX; j++)
        u[i][j] = unew[i][j];
    iter++;
#pragma TASS joint assert E true;
    if (error <= EPSILON)
      break;
  }
  iters = iter;
  return 0;
}
