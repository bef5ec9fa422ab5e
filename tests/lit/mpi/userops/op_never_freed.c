// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RESOURCE_LEAK at {{.*}}op_never_freed.c:19:8 (process 0)
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
  int x = rank, s = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  /*@*/MPI_Finalize();
  return 0;
}
