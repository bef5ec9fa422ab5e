// RUN: %expect-exit 2 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: unknown
#include <mpi.h>
#include <assert.h>
#pragma TASS input
int K;
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char buf[64];
  int pos = 0;
  if (rank == 0) {
    int a = K;
    double d = 0.5;
    MPI_Pack(&d, 1, MPI_DOUBLE, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Pack(&a, 1, MPI_INT, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    int a;
    double d;
    MPI_Recv(buf, 64, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /* unpacked in the other order: the bytes of a double read as an int */
    MPI_Unpack(buf, 64, &pos, &a, 1, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(buf, 64, &pos, &d, 1, MPI_DOUBLE, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
