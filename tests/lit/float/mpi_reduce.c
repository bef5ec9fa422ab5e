// Floating MPI_SUM with --float ieee: over two processes the one addition is
// rounded (0.1 + 0.2 as C computes it); over three or more, MPI may combine
// the contributions in any order, so the result is computed only when every
// order gives it (every partial sum exact), else it is a value chorus does
// not compute and a violation depending on it is `unknown`, naming the
// reduction.
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet -DEXACT | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 3 %s -DEXACT
// RUN: %expect-exit 2 %chorus verify %s -n 3 --quiet -DORDER | FileCheck %s --check-prefix=ORDER
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet -DORDER --float real | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// ORDER: verdict: unknown (unsupported: ASSERTION at {{.*}}mpi_reduce.c:37:5 ({{.*}}) depends on the order in which MPI combines the floating contributions of the reduction at {{.*}}mpi_reduce.c:35:3, which chorus does not compute (use --float real to treat floating types as reals))
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#if defined(EXACT)
  double mine = rank == 0 ? 0.5 : rank == 1 ? 0.25 : 1.0; /* every sum exact */
  double want = 1.75;
#elif defined(ORDER)
  /* (1e16 + 1) - 1e16 is 0 or 2, 1e16 - 1e16 + 1 is 1: the order decides */
  double mine = rank == 0 ? 1e16 : rank == 1 ? 1.0 : -1e16;
  double want = 1.0;
#else
  double mine = rank == 0 ? 0.1 : 0.2;
  double want = 0.1 + 0.2; /* 0.30000000000000004, as the reduction rounds */
#endif
  double sum = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    assert(sum == want);
  }
  MPI_Finalize();
  return 0;
}
