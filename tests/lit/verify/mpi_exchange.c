// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DRECVFIRST | FileCheck %s --check-prefix=ABS
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSENDFIRST | FileCheck %s --check-prefix=POT
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DSENDFIRST --deadlock absolute | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// ABS: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_exchange.c:19:3 (process 0)
// ABS: MPI_Recv
// POT: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mpi_exchange.c:22:3 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, x, y;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int other = 1 - rank;
  x = 10 * rank;
#if defined(RECVFIRST)
  MPI_Recv(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Send(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
#elif defined(SENDFIRST)
  MPI_Send(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&y, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
  }
#endif
  assert(y == 10 * other);
  MPI_Finalize();
  return 0;
}
