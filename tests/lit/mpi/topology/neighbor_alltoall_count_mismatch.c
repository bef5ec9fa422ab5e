// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}neighbor_alltoall_count_mismatch.c:14:8 (process 2)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size, two[2] = {0, 0}, got[2];
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  /*@*/MPI_Neighbor_alltoall(two, rank == 0 ? 2 : 1, MPI_INT, got, 1, MPI_INT, ring);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
