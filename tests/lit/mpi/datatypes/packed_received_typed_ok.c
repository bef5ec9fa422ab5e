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
    int a[2] = {5, -6};
    MPI_Pack(a, 2, MPI_INT, buf, 16, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    int a[2];
    MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a[0] == 5 && a[1] == -6);
  }
  MPI_Finalize();
  return 0;
}
