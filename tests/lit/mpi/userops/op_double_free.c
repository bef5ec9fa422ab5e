// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}op_double_free.c:19:8 (process 0)
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
  MPI_Op op, keep;
  MPI_Op_create(op_sum, 1, &op);
  keep = op;
  MPI_Op_free(&op);
  /*@*/MPI_Op_free(&keep);
  MPI_Finalize();
  return 0;
}
