// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_DATATYPE at {{.*}}uncommitted_send.c:13:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  int a[2] = {1, 2};
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
