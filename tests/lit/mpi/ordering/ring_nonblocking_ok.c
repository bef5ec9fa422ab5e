// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = -1;
  MPI_Request r[2];
  MPI_Irecv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  assert(y == (rank + size - 1) % size);
  MPI_Finalize();
  return 0;
}
