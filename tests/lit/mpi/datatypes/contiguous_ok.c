// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  MPI_Type_contiguous(3, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[3] = {rank, rank + 1, rank + 2}, b[3] = {0, 0, 0};
  MPI_Sendrecv(a, 1, t, 1 - rank, 0, b, 3, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(b[0] == 1 - rank && b[2] == 3 - rank);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
