// MPI_Allreduce with MPI_MAX and MPI_MIN of reals; the broken form uses a
// different operation on one process (a collective mismatch).
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_OP_MISMATCH at {{.*}}mpi_allreduce.c:24:3 (process 1)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  double x, hi, lo;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  x = rank * 1.5;
  MPI_Allreduce(&x, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  assert(hi == (size - 1) * 1.5);
  MPI_Op op = MPI_MIN;
#ifdef BROKEN
  if (rank == 1)
    op = MPI_MAX;
#endif
  MPI_Allreduce(&x, &lo, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  assert(lo == 0.0);
  MPI_Finalize();
  return 0;
}
