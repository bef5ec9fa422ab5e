// MPI_ANY_SOURCE receives match in any order: the sum is order-independent,
// the "first value" is not.
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_wildcard_order.c:29:5 (process 0)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, v, first = -1, sum = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank > 0) {
    v = rank;
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  } else {
    for (int k = 1; k < size; k++) {
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (first < 0)
        first = v;
      sum += v;
    }
    assert(sum == size * (size - 1) / 2);
#ifndef BROKEN
    assert(first >= 1 && first < size);
#else
    assert(first == 1);
#endif
  }
  MPI_Finalize();
  return 0;
}
