// The message's datatype does not match the receive's (int sent, double
// received).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_RECV_MISMATCH at {{.*}}mpi_recv_type.c:20:5 (process 1)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int v = 3;
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
#ifdef BROKEN
    double w;
    MPI_Recv(&w, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    int w;
    MPI_Recv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(w == 3);
#endif
  }
  MPI_Finalize();
  return 0;
}
