// The receive buffer is smaller than the message (MPI_RECV_MISMATCH).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_RECV_MISMATCH at {{.*}}mpi_recv_small.c:22:5 (process 1)
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  int data[4] = {1, 2, 3, 4};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    int got[4];
#ifdef BROKEN
    int count = 2;
#else
    int count = 4;
#endif
    MPI_Recv(got, count, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
