// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}wildcard_then_specific_deadlock.c:12:5 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
