/* Benchmark kernel: 1-D heat diffusion on CELLS cells split across the
 * ranks, ghost cells exchanged with both neighbours every step
 * (MPI_Sendrecv), the global residual reduced every 10 steps
 * (MPI_Allreduce). Prints the final residual (the same with and without
 * the run-time checker). With -DAGREE, a collective assertion that every
 * rank holds rank 0's residual after each reduction (every rank reads rank
 * 0's snapshot: the checker's relay tree, runtime/mpi/README.md). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CELLS
#define CELLS 1000000
#endif
#ifndef STEPS
#define STEPS 200
#endif

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = CELLS / size;
  double *u = calloc((size_t)n + 2, sizeof *u), *v = calloc((size_t)n + 2, sizeof *v);
  for (int i = 1; i <= n; ++i)
    u[i] = (double)((rank * n + i) % 100);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
  double res = 0;
  for (int s = 0; s < STEPS; ++s) {
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[n + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double local = 0;
    for (int i = 1; i <= n; ++i) {
      v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
      local += (v[i] - u[i]) * (v[i] - u[i]);
    }
    double *t = u;
    u = v;
    v = t;
    if (s % 10 == 0) {
      MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#ifdef AGREE
      /* every rank holds the root's residual: each rank reads rank 0 */
#pragma TASS collective assert AGREE res == PROC[0].res
#endif
    }
  }
  if (rank == 0)
    printf("residual %.6e\n", res);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
