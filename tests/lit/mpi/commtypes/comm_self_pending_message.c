// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --deadlock absolute | FileCheck %s
// CHECK: verdict: violation MPI_PENDING_MESSAGE at {{.*}}comm_self_pending_message.c:12:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1;
  MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  MPI_Finalize(); /*@*/
  return 0;
}
