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
  int left = (rank + size - 1) % size, right = (rank + 1) % size, got = -1, in, out, w;
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  MPI_Dist_graph_neighbors_count(ring, &in, &out, &w);
  assert(in == 1 && out == 1 && !w);
  MPI_Neighbor_alltoall(&rank, 1, MPI_INT, &got, 1, MPI_INT, ring);
  assert(got == left);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
