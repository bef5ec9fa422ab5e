// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RECV_MISMATCH at {{.*}}byte_received_as_char.c:14:10 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char x[4] = {'a', 'b', 'c', 0}, y[4];
  if (rank == 0)
    MPI_Send(x, 4, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else
    /*@*/MPI_Recv(y, 4, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
