// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RECV_MISMATCH at {{.*}}size_mismatch_int_long.c:13:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[2] = {1, 2};
  long l[2];
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(l, 2, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  MPI_Finalize();
  return 0;
}
