// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSMALL | FileCheck %s --check-prefix=SMALL
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DTYPE | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DNOFINALIZE | FileCheck %s --check-prefix=NOFIN
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBEFOREINIT | FileCheck %s --check-prefix=EARLY
// OK: verdict: verified
// SMALL: verdict: violation MPI_RECV_MISMATCH at {{.*}}mpi_misuse.c:29:5 (process 1)
// SMALL: receive buffer too small
// TYPE: verdict: violation MPI_RECV_MISMATCH at {{.*}}mpi_misuse.c:31:5 (process 1)
// NOFIN: verdict: violation MPI_USAGE at {{.*}}mpi_misuse.c:39:3 (process 0)
// NOFIN: without calling MPI_Finalize
// EARLY: verdict: violation MPI_USAGE at {{.*}}mpi_misuse.c:21:3 (process 0)
// EARLY: before MPI_Init
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  int a[2] = {1, 2};
  double d[2];
#ifdef BEFOREINIT
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
#if defined(SMALL)
    MPI_Recv(a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(TYPE)
    MPI_Recv(d, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
#ifndef NOFINALIZE
  MPI_Finalize();
#endif
  return 0;
}
