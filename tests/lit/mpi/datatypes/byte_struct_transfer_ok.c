// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
#pragma TASS input
int K;
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct Q { int a; double b; char c; } q = {K, 2.5, 'x'}, r;
  if (rank == 0)
    MPI_Send(&q, sizeof q, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(&r, sizeof r, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(r.a == K && r.b == 2.5 && r.c == 'x');
  }
  MPI_Finalize();
  return 0;
}
