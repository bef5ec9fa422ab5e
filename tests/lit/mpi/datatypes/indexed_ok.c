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
  int bl[2] = {2, 1}, dp[2] = {0, 4};
  MPI_Type_indexed(2, bl, dp, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[5] = {10, 11, 12, 13, 14}, b[3] = {0, 0, 0};
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(b, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(b[0] == 10 && b[1] == 11 && b[2] == 14); }
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
