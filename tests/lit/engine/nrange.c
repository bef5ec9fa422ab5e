// -n LO..HI checks every process count: the broken form fails only from 3
// processes on, and the verdict names the count.
// RUN: %expect-exit 0 %chorus verify %s -n 1..4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1..2 --quiet -DBROKEN | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1..4 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}nrange.c:25:3 (process 0)
// BAD: (3 processes
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int one = 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifdef BROKEN
  int limit = 3;
#else
  int limit = 100;
#endif
  assert(sum == size);
  assert(sum < limit);
  MPI_Finalize();
  return 0;
}
