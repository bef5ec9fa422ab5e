// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --deadlock absolute | FileCheck %s
// CHECK: verdict: violation MPI_PENDING_MESSAGE at {{.*}}comm_separate_contexts_deadlock.c:13:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  else MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
