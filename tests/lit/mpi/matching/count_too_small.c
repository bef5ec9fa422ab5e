// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RECV_MISMATCH at {{.*}}count_too_small.c:12:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[3] = {1, 2, 3};
  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  MPI_Finalize();
  return 0;
}
