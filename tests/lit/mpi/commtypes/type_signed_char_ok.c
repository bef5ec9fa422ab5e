// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  signed char a = 7, b = 0;
  if (rank == 0) MPI_Send(&a, 1, MPI_SIGNED_CHAR, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(&b, 1, MPI_SIGNED_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(b == a); }
  MPI_Finalize();
  return 0;
}
