#include <mpi.h>
#pragma TASS output
int r;
int main(int argc, char** argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  r = 1;
  MPI_Finalize();
  return 0;
}
