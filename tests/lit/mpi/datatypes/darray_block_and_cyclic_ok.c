// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 3 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int g[1] = {8}, blkd[1] = {MPI_DISTRIBUTE_BLOCK}, cycd[1] = {MPI_DISTRIBUTE_CYCLIC};
  int dflt[1] = {MPI_DISTRIBUTE_DFLT_DARG}, two[1] = {2}, ps[1] = {size};
  MPI_Datatype blk, cyc;
  MPI_Type_create_darray(size, rank, 1, g, blkd, dflt, ps, MPI_ORDER_C, MPI_INT, &blk);
  MPI_Type_create_darray(size, rank, 1, g, cycd, two, ps, MPI_ORDER_C, MPI_INT, &cyc);
  MPI_Type_commit(&blk);
  MPI_Type_commit(&cyc);
  int v[8], mine[3] = {-1, -1, -1}, mine2[4] = {-1, -1, -1, -1}, nb, nc;
  for (int i = 0; i < 8; i++)
    v[i] = i;
  MPI_Type_size(blk, &nb);
  MPI_Type_size(cyc, &nc);
  assert(nb == (rank < 2 ? 3 : 2) * (int)sizeof(int) && nc == (rank == 0 ? 4 : 2) * (int)sizeof(int));
  MPI_Sendrecv(v, 1, blk, rank, 1, mine, 3, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(v, 1, cyc, rank, 2, mine2, 4, MPI_INT, rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(mine[0] == 3 * rank && mine[1] == 3 * rank + 1);
  assert(mine2[0] == 2 * rank && mine2[1] == 2 * rank + 1);
  if (rank == 0)
    assert(mine2[2] == 6 && mine2[3] == 7);
  MPI_Type_free(&blk);
  MPI_Type_free(&cyc);
  MPI_Finalize();
  return 0;
}
