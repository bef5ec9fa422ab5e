// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
static void op_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i < *len; i++)
    b[i] = a[i] + b[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank + 1, s = 0, c = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  MPI_Op_commutative(op, &c);
  assert(c == 1);
  MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(s == size * (size + 1) / 2);
  MPI_Op_free(&op);
  assert(op == MPI_OP_NULL);
  MPI_Finalize();
  return 0;
}
