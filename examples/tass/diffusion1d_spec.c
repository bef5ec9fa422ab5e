/*
 * diffusion1d_spec.c -- sequential 1d diffusion solver (specification).
 *
 * Source: seed 000, Fig. 3(b): the main loop of the sequential version
 * with the label pragma "joint assert COMPARE true".  Completed minimally
 * with the same inputs and update formula as diffusion1d.c (cyclic
 * domain, as assumed in seed 000 §1).
 */
/* NX is shared with the implementation, whose pragma bounds it by
   3*NPROCS there; here (one process) only the sanity bound is stated. */
#pragma TASS input {NX >= 1} int
#define NX 6
#pragma TASS input {NSTEPS >= 0 && NSTEPS <= 2} int
#define NSTEPS 2
#define K 0.25

#pragma TASS input
float u_init[NX];

float u[NX];
float unew[NX];

static void update(void) {
  int i;
  for (i = 0; i < NX; i++)
    unew[i] = u[i] + K * (u[(i + NX - 1) % NX] - 2 * u[i] + u[(i + 1) % NX]);
  for (i = 0; i < NX; i++)
    u[i] = unew[i];
}

int main(void) {
  int i, time, nsteps = NSTEPS;

  for (i = 0; i < NX; i++)
    u[i] = u_init[i];
  for (time = 1; time <= nsteps; time++) {
    update();
#pragma TASS joint assert COMPARE true;
  }
  return 0;
}
