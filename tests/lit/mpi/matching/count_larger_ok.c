// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[3] = {1, 2, 3}, c = 0;
  MPI_Status st;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(a, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, &st); MPI_Get_count(&st, MPI_INT, &c); assert(c == 2); }
  MPI_Finalize();
  return 0;
}
