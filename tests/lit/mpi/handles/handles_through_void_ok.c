// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  void *p = MPI_COMM_WORLD;
  MPI_Comm c = p;
  long v = (long)MPI_INT;
  MPI_Datatype t = (MPI_Datatype)v;
  int x = rank, y = -1;
  MPI_Sendrecv(&x, 1, t, (rank + 1) % size, 0, &y, 1, t, (rank + size - 1) % size, 0, c, MPI_STATUS_IGNORE);
  assert(y == (rank + size - 1) % size);
  MPI_Finalize();
  return 0;
}
