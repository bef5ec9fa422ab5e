// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %mpicc %s -o %t && %expect-exit 0 %mpirun -np 2 %t
// (the op is concatenation, associative: every bracketing gives rank order)
#include <mpi.h>
#include <assert.h>
static void op_cat(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  assert(*dt == MPI_INT);
  for (int i = 0, p = 10; i < *len; i++, p = 10) { /* concatenation: associative */
    while (p <= b[i]) p *= 10; b[i] = a[i] * p + b[i]; }
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[3] = {rank + 1, rank + 4, rank + 7}, y[2] = {0, 0}, rc[2] = {1, 2}, z = 0;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Reduce_scatter(x, y, rc, MPI_INT, op, MPI_COMM_WORLD);
  if (rank == 0) assert(y[0] == 12);
  if (rank == 1) assert(y[0] == 45 && y[1] == 78);
  MPI_Reduce_scatter_block(x, &z, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(z == (rank == 0 ? 12 : 45));
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
