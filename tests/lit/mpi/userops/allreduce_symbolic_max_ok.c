// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
#pragma TASS input
int K;
static void op_dmax(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double *a = (double *)in, *b = (double *)inout;
  for (int i = 0; i < *len; i++)
    if (a[i] > b[i])
      b[i] = a[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x = rank == 0 ? (double)K : 2.5, m = 0;
  MPI_Op op;
  MPI_Op_create(op_dmax, 1, &op);
  MPI_Allreduce(&x, &m, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  assert(m >= 2.5 && m >= K);
  assert(m == 2.5 || m == K);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
