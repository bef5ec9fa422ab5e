// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DROOT=2 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DNB --quiet | FileCheck %s --check-prefix=NB
// A non-root's receive count differs from the root's sendcounts for it
// (MPI 3.1 §5.6: the type signature of sendcounts[i] x sendtype at the
// root must equal recvcount x recvtype at process i). The violation is that
// process's call, whichever process arrives last (root 0: process 2
// completes the collective; root 2: the root does).
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}scatterv_count_mismatch.c:31:5 (process 1)
// CHECK-NEXT: MPI_Scatterv: process {{[02]}} sends 1 x int to process 1, which expects 2 x int
// NB: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}scatterv_count_mismatch.c:25:5 (process 1)
#include <mpi.h>
#ifndef ROOT
#define ROOT 0
#endif
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int src[3] = {0, 1, 2}, sc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  int r[2] = {-1, -1};
#ifdef NB
  MPI_Request q;
  if (rank == 1)
    MPI_Iscatterv(src, sc, dp, MPI_INT, r, 2, MPI_INT, ROOT, MPI_COMM_WORLD, &q); /*@*/
  else
    MPI_Iscatterv(src, sc, dp, MPI_INT, r, 1, MPI_INT, ROOT, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
#else
  if (rank == 1)
    MPI_Scatterv(src, sc, dp, MPI_INT, r, 2, MPI_INT, ROOT, MPI_COMM_WORLD); /*@*/
  else
    MPI_Scatterv(src, sc, dp, MPI_INT, r, 1, MPI_INT, ROOT, MPI_COMM_WORLD);
#endif
  MPI_Finalize();
  return 0;
}
