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
  int index[3] = {2, 3, 4}, edges[4] = {1, 2, 0, 0}, nn, nb[2] = {-1, -1}, st;
  MPI_Comm star;
  MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &star);
  MPI_Topo_test(star, &st);
  assert(st == MPI_GRAPH);
  MPI_Graph_neighbors_count(star, rank, &nn);
  assert(nn == (rank == 0 ? 2 : 1));
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, nb, 1, MPI_INT, star);
  if (rank == 0)
    assert(nb[0] == 1 && nb[1] == 2);
  else
    assert(nb[0] == 0 && nb[1] == -1);
  MPI_Comm_free(&star);
  MPI_Finalize();
  return 0;
}
