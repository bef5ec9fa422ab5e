// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}graph_one_way_edge.c:13:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int index[2] = {1, 1}, edges[1] = {1}, nb[1], x = rank;
  MPI_Comm g;
  MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &g);
  /*@*/MPI_Neighbor_allgather(&x, 1, MPI_INT, nb, 1, MPI_INT, g);
  MPI_Comm_free(&g);
  MPI_Finalize();
  return 0;
}
