/*
 * diffusion_spec.c -- sequential 1d diffusion (specification): NX cells on
 * a ring, N explicit time steps u' = u + K (u_left - 2 u + u_right).
 *
 * Source: seed 004 §3, Fig. 5 row "diffusion" (two programs solving the 1d
 * diffusion equation, one sequential, one using MPI; equivalence proved for
 * every N with joint invariants, 1+10 processes).  The seed does not print
 * them; these follow the diffusion1d example of seed 000 (examples/tass)
 * with the number of time steps N unbounded and NX = 10 cells (one per
 * process of the implementation).  The joint invariant LOOP only labels
 * the time loop: the implementation (diffusion_impl.c) states the
 * relation.  Floating types are reals.
 *     chorus compare diffusion_spec.c diffusion_impl.c -n 10 --lise
 */
#pragma TASS input {N >= 0} int
#define N 3
#define NX 10
#define K 0.25

#pragma TASS input
double u_init[NX];

double u[NX];
double unew[NX];

int main(void) {
  int i, t;

  for (i = 0; i < NX; i++)
    u[i] = u_init[i];
#pragma TASS joint invariant LOOP true;
  for (t = 0; t < N; t++) {
    for (i = 0; i < NX; i++)
      unew[i] = u[i] + K * (u[(i + NX - 1) % NX] - 2 * u[i] + u[(i + 1) % NX]);
    for (i = 0; i < NX; i++)
      u[i] = unew[i];
  }
#pragma TASS joint assert END true;
  return 0;
}
