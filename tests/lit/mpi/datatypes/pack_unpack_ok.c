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
  char buf[64];
  int pos = 0, n = 0, psz;
  MPI_Pack_size(3, MPI_INT, MPI_COMM_WORLD, &psz);
  assert(psz == 3 * (int)sizeof(int));
  if (rank == 0) {
    int a[3] = {K, -2, 300};
    double d = 2.5;
    MPI_Pack(a, 3, MPI_INT, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Pack(&d, 1, MPI_DOUBLE, buf, 64, &pos, MPI_COMM_WORLD);
    assert(pos == 20);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Status st;
    int a[3];
    double d;
    MPI_Recv(buf, 64, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_PACKED, &n);
    assert(n == 20);
    MPI_Unpack(buf, n, &pos, a, 3, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(buf, n, &pos, &d, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    assert(a[0] == K && a[1] == -2 && a[2] == 300 && d == 2.5);
  }
  MPI_Finalize();
  return 0;
}
