// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}alltoallv_count_mismatch.c:13:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[2] = {rank, rank}, r[2] = {-1, -1};
  int sc[2] = {1, 1}, sd[2] = {0, 1}, rc[2] = {1, 1}, rd[2] = {0, 1};
  if (rank == 1) sc[0] = 2;
  MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
