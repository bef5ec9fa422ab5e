/*
 * laplace2d_impl.c -- MPI Jacobi solver of the Laplace equation, the NY
 * interior rows block-distributed over the processes (implementation).
 *
 * Seed 000 §4.4 (laplace2d; our code, see laplace2d_spec.c). Each process
 * holds its rows 1..nrows plus a ghost row above and below (rows 0 and
 * nrows+1: a neighbour's row, or the fixed boundary), exchanges the ghost
 * rows with MPI_Sendrecv, computes its part of the error, and gathers every
 * part with MPI_Allgather; the global error is their sum in rank order.
 * Joint assertion E: the global error agrees with the specification's at
 * every iteration. NY <= 2*NPROCS keeps the local block at <= 2 rows.
 *     chorus compare laplace2d_spec.c laplace2d_impl.c -n 6
 */
#include <mpi.h>
#include <chorus.h>

#include <math.h>

#pragma TASS input {NX >= 1 && NX <= 4} int
#define NX 4
#pragma TASS input {NY >= NPROCS && NY <= 2*NPROCS && NY <= 12} int
#define NY 12
#pragma TASS input {MAXITER >= 0 && MAXITER <= 3} int
#define MAXITER 3

#pragma TASS input
double EPSILON;
#pragma TASS input
double init[14][6];

#pragma TASS output
double error;
#pragma TASS output
int iters;

double u[4][6], unew[4][6], errs[12];

int main(int argc, char **argv) {
  int rank, nprocs, first, nrows, i, j, r, iter = 0;
  double local;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  first = rank * NY / nprocs;               /* global row of local row 0 */
  nrows = (rank + 1) * NY / nprocs - first; /* local rows 1..nrows */
  for (i = 0; i < nrows + 2; i++)
    for (j = 0; j < NX + 2; j++)
      u[i][j] = init[first + i][j];
  error = 0.0;
  while (iter < MAXITER) {
    if (rank > 0)
      MPI_Sendrecv(u[1], NX + 2, MPI_DOUBLE, rank - 1, 0, u[0], NX + 2, MPI_DOUBLE, rank - 1,
                   0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < nprocs - 1)
      MPI_Sendrecv(u[nrows], NX + 2, MPI_DOUBLE, rank + 1, 0, u[nrows + 1], NX + 2,
                   MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    local = 0.0;
    for (i = 1; i <= nrows; i++)
      for (j = 1; j <= NX; j++) {
        double d;
        unew[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) / 4;
        d = unew[i][j] - u[i][j];
        local = local + fabs(d);
      }
    for (i = 1; i <= nrows; i++)
      for (j = 1; j <= NX; j++)
        u[i][j] = unew[i][j];
    MPI_Allgather(&local, 1, MPI_DOUBLE, errs, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    error = 0.0;
    for (r = 0; r < nprocs; r++)
      error = error + errs[r];
    iter++;
#pragma TASS joint assert E error == spec.error;
    if (error <= EPSILON)
      break;
  }
  iters = iter;
  MPI_Finalize();
  return 0;
}
