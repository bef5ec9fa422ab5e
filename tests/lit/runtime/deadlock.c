// Deadlock at run time: both ranks receive first. After CHORUS_RT_TIMEOUT
// seconds with every rank blocked, rank 0 reports the cycle of the
// wait-for graph and every rank's call, and the job ends; the verifier
// finds the same deadlock.
// RUN: %chorus cc -g %s -o %t
// RUN: env CHORUS_RT_TIMEOUT=1 %expect-exit 1 %mpirun -n 2 %t 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VERIFY
// CHECK: chorus-rt: violation ABSOLUTE_DEADLOCK at {{.*}}deadlock.c:21 (rank 0): every rank is blocked (for more than 1 s); cycle: rank 0 -> rank 1 -> rank 0; rank 0 in MPI_Recv (from rank 1, tag 0) at {{.*}}deadlock.c:21; rank 1 in MPI_Recv (from rank 0, tag 0) at {{.*}}deadlock.c:21
// VERIFY: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}deadlock.c:21:3 (process 0)
//
// A rank that finished waits in MPI_Finalize for one that waits for it:
// RUN: %chorus cc -g %s -o %t.fin -DFIN
// RUN: env CHORUS_RT_TIMEOUT=1 %expect-exit 1 %mpirun -n 3 %t.fin 2>&1 | FileCheck %s --check-prefix=FIN
// FIN: chorus-rt: violation ABSOLUTE_DEADLOCK at {{.*}}deadlock.c:23 (rank 2): every rank is blocked (for more than 1 s); cycle: rank 2 -> rank 0 -> rank 2; rank 0 in MPI_Finalize (collective) at {{.*}}deadlock.c:25; rank 1 in MPI_Finalize (collective) at {{.*}}deadlock.c:25; rank 2 in MPI_Recv (from any rank) at {{.*}}deadlock.c:23
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, v = 1, w;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef FIN
  MPI_Recv(&w, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  if (rank == 2) MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  MPI_Finalize();
  (void)v;
  return 0;
}
