// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}neighbor_allgather_recv_too_small.c:13:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int dims[1] = {3}, periods[1] = {1}, one = rank, got[1];
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  /*@*/MPI_Neighbor_allgather(&one, 1, MPI_INT, got, 1, MPI_INT, ring);
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
