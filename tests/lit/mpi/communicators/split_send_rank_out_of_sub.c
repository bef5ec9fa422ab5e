// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_RANK at {{.*}}split_send_rank_out_of_sub.c:13:23 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, 0, &sub);
  int x = 0;
  if (rank == 0) /*@*/MPI_Send(&x, 1, MPI_INT, 2, 0, sub);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
