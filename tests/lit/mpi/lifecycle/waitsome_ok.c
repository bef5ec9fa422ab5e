// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y[2] = {0, 0}, out = 0, idx[2], done = 0;
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    while (done < 2) { MPI_Waitsome(2, r, &out, idx, MPI_STATUSES_IGNORE); done += out; }
    assert(y[0] == 1 && y[1] == 2); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
