// Every rank sends its rank to the next; each received value is the
// previous rank's (collective assertion C1); -DBAD: rank 1 overwrites it.
#include <mpi.h>
int next_of(int r, int n);
int main(int argc, char **argv) {
  int rank, size, v, w = -1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  v = rank;
  MPI_Sendrecv(&v, 1, MPI_INT, next_of(rank, size), 0, &w, 1, MPI_INT, MPI_ANY_SOURCE, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef BAD
  if (rank == 1) w = 7;
#endif
#pragma TASS collective assert C1 w == PROC[(rank + size - 1) % size].v
  MPI_Finalize();
  return 0;
}
