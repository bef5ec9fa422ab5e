// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %mpicc %s -o %t && %expect-exit 0 %mpirun -np 3 %t
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
  int x = rank + 1, p = 0, e = -1;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Scan(&x, &p, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Exscan(&x, &e, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(p == (rank == 0 ? 1 : rank == 1 ? 12 : 123));
  assert(e == (rank == 0 ? -1 : rank == 1 ? 1 : 12));
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
