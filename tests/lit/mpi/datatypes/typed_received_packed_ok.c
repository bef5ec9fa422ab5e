// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char buf[16];
  int pos = 0;
  if (rank == 0) {
    double d[2] = {0.25, -1.0};
    MPI_Send(d, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  } else {
    double d[2];
    MPI_Recv(buf, 16, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Unpack(buf, 16, &pos, d, 2, MPI_DOUBLE, MPI_COMM_WORLD);
    assert(d[0] == 0.25 && d[1] == -1.0 && pos == 16);
  }
  MPI_Finalize();
  return 0;
}
