// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}wildcard_irecv_pair_assert.c:14:5 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y[2] = {0, 0};
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    assert(y[0] == 1); /*@*/ }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
