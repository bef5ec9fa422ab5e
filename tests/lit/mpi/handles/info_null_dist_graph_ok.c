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
  int src = (rank + size - 1) % size, dst = (rank + 1) % size;
  MPI_Comm g;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, MPI_UNWEIGHTED, 1, &dst, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
  int in = -1, out = -1, w = -1;
  MPI_Dist_graph_neighbors_count(g, &in, &out, &w);
  assert(in == 1 && out == 1 && !w);
  MPI_Comm_free(&g);
  MPI_Finalize();
  return 0;
}
