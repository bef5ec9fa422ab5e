/* Benchmark kernel, the checker's worst case: nothing but small collective
 * operations (ITERS MPI_Allreduce of one double), each of which the
 * run-time checker precedes with its consistency exchange. */
#include <mpi.h>
#include <stdio.h>

#ifndef ITERS
#define ITERS 20000
#endif

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double x = rank, s = 0;
  for (int i = 0; i < ITERS; ++i) {
    MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    x = s / 1e6;
  }
  if (rank == 0)
    printf("sum %.6e\n", s);
  MPI_Finalize();
  return 0;
}
