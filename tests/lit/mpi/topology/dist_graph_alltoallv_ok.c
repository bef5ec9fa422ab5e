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
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  int sc[1] = {2}, sd[1] = {0}, rc[1] = {2}, rd[1] = {1};
  int two[2] = {rank, 10 * rank}, back[3] = {-1, -1, -1};
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  MPI_Neighbor_alltoallv(two, sc, sd, MPI_INT, back, rc, rd, MPI_INT, ring);
  assert(back[0] == -1 && back[1] == left && back[2] == 10 * left);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
