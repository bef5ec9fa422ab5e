// A user-defined operation that is not associative: MPI assumes every op
// associative and may bracket the operands any way (MPI 3.1 §5.9.1). Open
// MPI's MPI_Reduce computes 1 op (2 op 3) = 33 with op(a, b) = 10a + b
// (the assertion fails in the real run: -n 3 gives 33, -n 4 gives 64),
// the rank-order fold ((1 op 2) op 3) = 123. chorus reduced in rank order
// only and verified this program. Every bracketing is checked now: over 3
// operands both are possible results (a violation on Open MPI's); over 4
// the whole sequence's splits and the inner ones differ (not every
// bracketing is a result chorus explores): a violation if one is found,
// `unknown` naming the operation otherwise (-DPOSITIVE).
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=N3
// N3: verdict: violation ASSERTION at {{.*}}reduce_nonassociative.c:40:5 (process 0)
// RUN: %expect-exit 1 %chorus verify %s -n 4 --quiet | FileCheck %s --check-prefix=N4
// N4: verdict: violation ASSERTION at {{.*}}reduce_nonassociative.c:40:5 (process 0)
// RUN: %expect-exit 2 %chorus verify %s -n 4 -DPOSITIVE --quiet | FileCheck %s --check-prefix=POS
// POS: verdict: unknown (not checked: every bracketing of the user-defined operation of MPI_Reduce at {{.*}}reduce_nonassociative.c:37:3 (the operation is not associative on these operands
// RUN: %expect-exit 2 %chorus verify %s -n 13 -DPOSITIVE --quiet | FileCheck %s --check-prefix=BIG
// BIG: verdict: unknown (not checked: {{.*}}(over 13 operands
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=N2
// N2: verdict: verified
// RUN: %mpicc %s -o %t && %expect-exit 134 %mpirun -np 3 %t
#include <mpi.h>
#include <assert.h>
static void op_10ab(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i < *len; i++)
    b[i] = 10 * a[i] + b[i];
}
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank + 1, r = 0;
  MPI_Op op;
  MPI_Op_create(op_10ab, 0, &op);
  MPI_Reduce(&x, &r, 1, MPI_INT, op, 0, MPI_COMM_WORLD);
#ifndef POSITIVE
  if (rank == 0 && size <= 4)
    assert(r == (size == 2 ? 12 : size == 3 ? 123 : 1234)); /* rank order */
#else
  if (rank == 0)
    assert(r > 0);
#endif
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
