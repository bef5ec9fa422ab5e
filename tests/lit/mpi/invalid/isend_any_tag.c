// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_TAG at {{.*}}isend_any_tag.c:12:20 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &r); /*@*/ }
  MPI_Finalize();
  return 0;
}
