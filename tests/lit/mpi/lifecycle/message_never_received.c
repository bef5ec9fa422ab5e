// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --deadlock absolute | FileCheck %s
// CHECK: verdict: violation MPI_PENDING_MESSAGE at {{.*}}message_never_received.c:13:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize(); /*@*/
  return 0;
}
