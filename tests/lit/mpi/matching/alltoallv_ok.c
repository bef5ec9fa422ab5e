// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[3] = {rank, rank + 10, rank + 20}, r[3] = {-1, -1, -1};
  int sc[2], sd[2], rc[2], rd[2];
  /* rank 0 sends 1 to 0 and 2 to 1; rank 1 sends 1 to 0 and 2 to 1 */
  sc[0] = 1; sc[1] = 2; sd[0] = 0; sd[1] = 1;
  rc[0] = rank == 0 ? 1 : 2; rc[1] = rank == 0 ? 1 : 2; rd[0] = 0; rd[1] = rank == 0 ? 1 : 1;
  if (rank == 1) { rd[0] = 0; rd[1] = 2; rc[0] = 2; rc[1] = 2; }
  int rr[4] = {-1, -1, -1, -1};
  MPI_Alltoallv(s, sc, sd, MPI_INT, rank == 0 ? r : rr, rc, rd, MPI_INT, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 0 && r[1] == 1);
  else assert(rr[0] == 10 && rr[1] == 20 && rr[2] == 11 && rr[3] == 21);
  MPI_Finalize();
  return 0;
}
