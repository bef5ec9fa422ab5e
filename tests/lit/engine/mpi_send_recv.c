// Point-to-point: process 0 sends a symbolic input to process 1, which
// checks what it received.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_send_recv.c:29:5 (process 1)
// BAD: send {{.*}} to 1 tag 0
// BAD: X = 0
#include <assert.h>
#include <mpi.h>

#pragma TASS input {X >= 0 && X < 5}
int X;

int main(int argc, char **argv) {
  int rank, v;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    v = X + 1;
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef BROKEN
    int lo = 2;
#else
    int lo = 1;
#endif
    assert(v >= lo && v <= 5);
  }
  MPI_Finalize();
  return 0;
}
