/*
 * diffusion1d.c -- block-distributed 1d diffusion solver (implementation).
 *
 * Source: seed 000 (Siegel & Zirkel, "Collective assertions"), Fig. 1
 * (the program) and Fig. 3(a) (the pragmas GHOSTS and COMPARE); seed 001
 * §6 shows the same loop.  The seed gives the main loop only; this file
 * completes it minimally:
 *  - NX and NSTEPS are symbolic inputs bounded as in the experiments of
 *    seed 000 §4.3 ("NX is bounded by 3*nprocs, NSTEPS by 2"), with
 *    NX >= NPROCS as the text assumes (so nxl >= 1 on every process);
 *  - the initial values are a symbolic input array u_init[NX];
 *  - the cyclic ghost exchange of Fig. 1 (send left, recv right, send
 *    right, recv left) is written with two MPI_Sendrecv calls, so that it
 *    cannot deadlock even with synchronous sends;
 *  - exchange_ghost_cells() and update() take the block as arguments
 *    (Fig. 3 calls them without arguments; u is a VLA local to main, as
 *    in Fig. 1, so it cannot be global).
 * The specification it is compared with is diffusion1d_spec.c:
 *     chorus compare diffusion1d_spec.c diffusion1d.c --spec-procs 1 -n 3
 */
#include <mpi.h>
#include <chorus.h>

#pragma TASS input {NX >= NPROCS && NX <= 3*NPROCS} int
#define NX 6
#pragma TASS input {NSTEPS >= 0 && NSTEPS <= 2} int
#define NSTEPS 2
#define K 0.25 /* diffusion constant */

#pragma TASS input
float u_init[NX];

static void exchange_ghost_cells(float *u, int nxl, int left, int right) {
  /* send u[1] left, receive u[nxl+1] from the right */
  MPI_Sendrecv(&u[1], 1, MPI_FLOAT, left, 0, &u[nxl + 1], 1, MPI_FLOAT,
               right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  /* send u[nxl] right, receive u[0] from the left */
  MPI_Sendrecv(&u[nxl], 1, MPI_FLOAT, right, 1, &u[0], 1, MPI_FLOAT, left,
               1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void update(float *u, float *unew, int nxl) {
  int i;
  for (i = 1; i <= nxl; i++)
    unew[i] = u[i] + K * (u[i - 1] - 2 * u[i] + u[i + 1]);
  for (i = 1; i <= nxl; i++)
    u[i] = unew[i];
}

int main(int argc, char **argv) {
  int i, nsteps = NSTEPS;

  MPI_Init(&argc, &argv);
  {
    int first = PID * NX / NPROCS;
    int nxl = (PID + 1) * NX / NPROCS - first;
    int left = (PID + NPROCS - 1) % NPROCS;
    int right = (PID + 1) % NPROCS;
    int time = 0;
    float u[nxl + 2];
    float unew[nxl + 2];

    for (i = 1; i <= nxl; i++)
      u[i] = u_init[first + i - 1];
    for (time = 1; time <= nsteps; time++) {
      exchange_ghost_cells(u, nxl, left, right);
#pragma TASS collective assert GHOSTS u[nxl] == PROC[right].u[0] \
    && u[1] == PROC[left].u[PROC[left].nxl+1];
      update(u, unew, nxl);
#pragma TASS joint assert COMPARE forall {int i | 1<=i && i<=nxl} \
    u[i]==spec.u[first+i];
    }
  }
  MPI_Finalize();
  return 0;
}
