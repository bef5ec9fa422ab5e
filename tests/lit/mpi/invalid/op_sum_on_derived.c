// MPI 3.1 §5.9.1: "Predefined operators work only with the MPI types listed
// in Section 5.9.2 and Section 5.9.4"; a reduction over a derived datatype
// needs a user-defined operation. Open MPI aborts the real run (MPI_ERR_OP:
// "MPI_SUM is not defined for non-intrinsic datatypes"); chorus verified
// it, reducing element-wise. The same reduction over the basic type is
// fine.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DBASIC | FileCheck %s --check-prefix=BASIC
// RUN: %expect-exit 0 %native -n 2 -DBASIC %s
// RUN: %expect-exit 10 %native -n 2 %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}op_sum_on_derived.c:29:3 (process 0)
// CHECK-NEXT: MPI_SUM on a derived datatype
// BASIC: verdict: verified
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int pairs[4] = {rank, rank, rank, rank}, sums[4];
  MPI_Datatype two;
  MPI_Type_contiguous(2, MPI_INT, &two);
  MPI_Type_commit(&two);
#ifdef BASIC
  MPI_Allreduce(pairs, sums, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#else
  MPI_Allreduce(pairs, sums, 2, two, MPI_SUM, MPI_COMM_WORLD);
#endif
  assert(sums[3] == size * (size - 1) / 2);
  MPI_Type_free(&two);
  MPI_Finalize();
  return 0;
}
