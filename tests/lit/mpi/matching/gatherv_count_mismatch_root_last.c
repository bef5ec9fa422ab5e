// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// A non-root's send count differs from the root's recvcounts for it (MPI
// 3.1 §5.5); the root (2) arrives last and process 1 returns before it
// (its send needs nothing else): the violation is process 1's call.
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}gatherv_count_mismatch_root_last.c:14:5 (process 1)
// CHECK-NEXT: MPI_Gatherv: process 1 sends 2 x int to process 2, which expects 1 x int
#include <mpi.h>
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int v[2] = {rank, rank}, all[3], rc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  if (rank == 1)
    MPI_Gatherv(v, 2, MPI_INT, all, rc, dp, MPI_INT, 2, MPI_COMM_WORLD); /*@*/
  else
    MPI_Gatherv(v, 1, MPI_INT, all, rc, dp, MPI_INT, 2, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
