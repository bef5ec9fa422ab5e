// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct { int a; double b[2]; } s = {1, {2.0, 3.0}}, t = {0, {0, 0}};
  if (rank == 0) MPI_Send(s.b, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(t.b, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(t.b[1] == 3.0 && t.a == 0); }
  MPI_Finalize();
  return 0;
}
