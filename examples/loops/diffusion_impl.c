/*
 * diffusion_impl.c -- 1d diffusion with MPI (implementation): each process
 * owns a block of about NX/nprocs consecutive cells of the ring plus two ghost cells, and
 * exchanges its boundary cells with its neighbours before every step.
 *
 * Source: seed 004 §3, Fig. 5 row "diffusion" (see diffusion_spec.c).  The
 * joint invariant relates every process's block to the specification's
 * array at every arrival at the time loop's head: the step counters agree
 * and the owned cells equal the specification's cells.  Nothing is
 * synchronized: a process may start its next step while its neighbours
 * are still in theirs (messages are never havocked).  Variant that must
 * be refuted:
 *   -DWRONG   the update reads the left neighbour twice (u[i-1] for
 *             u[i+1]): the invariant fails after the first step.
 *     chorus compare diffusion_spec.c diffusion_impl.c -n 10 --lise
 */
#include <mpi.h>

#pragma TASS input {N >= 0} int
#define N 3
#define NX 10
#define K 0.25

#pragma TASS input
double u_init[NX];

int main(int argc, char **argv) {
  int rank, nprocs, i, t;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int first = rank * NX / nprocs, nxl = (rank + 1) * NX / nprocs - first;
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;
  double u[nxl + 2], unew[nxl + 2];

  for (i = 1; i <= nxl; i++)
    u[i] = u_init[first + i - 1];
#pragma TASS joint invariant LOOP t == spec.t && \
    forall {int j | 1 <= j && j <= nxl} u[j] == spec.u[first + j - 1];
  for (t = 0; t < N; t++) {
    /* send u[1] left, receive u[nxl+1] from the right; then the mirror */
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[nxl + 1], 1, MPI_DOUBLE, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[nxl], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 1; i <= nxl; i++)
#if defined(WRONG)
      unew[i] = u[i] + K * (u[i - 1] - 2 * u[i] + u[i - 1]);
#else
      unew[i] = u[i] + K * (u[i - 1] - 2 * u[i] + u[i + 1]);
#endif
    for (i = 1; i <= nxl; i++)
      u[i] = unew[i];
  }
#pragma TASS joint assert END \
    forall {int j | 1 <= j && j <= nxl} u[j] == spec.u[first + j - 1];
  MPI_Finalize();
  return 0;
}
