// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_BUFFER at {{.*}}bsend_buffer_too_small.c:14:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[64], y[64];
  static char buf[100];
  for (int i = 0; i < 64; i++) x[i] = i;
  MPI_Buffer_attach(buf, 100);
  MPI_Bsend(x, 64, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD); /*@*/
  MPI_Recv(y, 64, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
