// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_ARGUMENT at {{.*}}dist_graph_inconsistent.c:12:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int to = 1, from = 0; /* rank 0 sends to 1, but 1 does not list 0 */
  MPI_Comm g;
  /*@*/MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, &from, MPI_UNWEIGHTED, rank == 0, &to,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
  MPI_Comm_free(&g);
  MPI_Finalize();
  return 0;
}
