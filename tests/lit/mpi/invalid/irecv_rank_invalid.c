// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_RANK at {{.*}}irecv_rank_invalid.c:12:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0;
  MPI_Request r;
  MPI_Irecv(&x, 1, MPI_INT, size + 1, 0, MPI_COMM_WORLD, &r); /*@*/
  MPI_Finalize();
  return 0;
}
