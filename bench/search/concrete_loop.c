// Benchmark program of bench/search/concrete_loop.sh (issue 10 §3): each
// process fills a global array of N elements with a plain loop, then the
// processes add up their last elements. Everything is concrete.
#include <assert.h>
#include <mpi.h>

#ifndef N
#define N 1000
#endif

int buffer[N];

int main(int argc, char **argv) {
  int i, nprocs, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  for (i = 0; i < N; i++)
    buffer[i] = i + 1;
  MPI_Allreduce(&buffer[N - 1], &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(sum == nprocs * N);
  MPI_Finalize();
  return 0;
}
