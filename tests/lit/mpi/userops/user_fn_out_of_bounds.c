// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}user_fn_out_of_bounds.c:8:15 (process 0)
#include <mpi.h>
#include <assert.h>
static void op_bad(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i <= *len; i++)
    /*@*/b[i] = a[i] + b[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[2] = {rank, rank}, s[2];
  MPI_Op op;
  MPI_Op_create(op_bad, 1, &op);
  MPI_Allreduce(x, s, 2, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
