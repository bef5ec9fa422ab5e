/* Two processes, each with its own half of the input; the sum reaches rank 0
   by MPI_Reduce on the specification's own MPI_COMM_WORLD (size 2). */
#include <mpi.h>
#include <assert.h>
#pragma TASS input
double a;
#pragma TASS input
double b;
#pragma TASS output
double total;

int main(int argc, char **argv) {
  int rank, size;
  double mine, sum = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  assert(size == 2);
  mine = rank == 0 ? a : b;
  MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    total = sum;
  MPI_Finalize();
  return 0;
}
