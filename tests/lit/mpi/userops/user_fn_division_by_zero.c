// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation DIVISION_BY_ZERO at {{.*}}user_fn_division_by_zero.c:8:22 (process 0)
#include <mpi.h>
#include <assert.h>
static void op_div(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i < *len; i++)
    /*@*/b[i] = b[i] / a[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank == 0 ? 0 : 6, q = 0;
  MPI_Op op;
  MPI_Op_create(op_div, 0, &op);
  MPI_Allreduce(&x, &q, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
