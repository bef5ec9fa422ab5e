// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype v;
  MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &v);
  MPI_Type_commit(&v);
  double x[2] = {1.5, 2.5}, y[4] = {0, -1, 0, -1};
  if (rank == 0) MPI_Send(x, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(y, 1, v, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y[0] == 1.5 && y[1] == -1 && y[2] == 2.5 && y[3] == -1); }
  MPI_Type_free(&v);
  MPI_Finalize();
  return 0;
}
