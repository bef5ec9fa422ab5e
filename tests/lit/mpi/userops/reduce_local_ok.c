// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
static void op_cat(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  assert(*dt == MPI_INT);
  for (int i = 0; i < *len; i++)
    b[i] = 10 * a[i] + b[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[2] = {1, 2}, b[2] = {3, 4};
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Reduce_local(a, b, 2, MPI_INT, op);
  assert(a[0] == 1 && b[0] == 13 && b[1] == 24);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
