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
  MPI_Comm c = NULL;
  MPI_Request r = NULL;
  MPI_Datatype t = 0;
  assert(MPI_COMM_NULL != NULL && MPI_REQUEST_NULL != NULL && MPI_DATATYPE_NULL != 0);
  if (c == NULL)
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
  if (!t)
    t = MPI_INT;
  int x = rank, y = -1;
  MPI_Irecv(&y, 1, t, (rank + size - 1) % size, 0, c, &r);
  MPI_Send(&x, 1, t, (rank + 1) % size, 0, c);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(r == MPI_REQUEST_NULL && y == (rank + size - 1) % size);
  MPI_Comm_free(&c);
  assert(c == MPI_COMM_NULL && c != NULL);
  MPI_Finalize();
  return 0;
}
