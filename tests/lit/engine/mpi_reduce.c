// MPI_Reduce with MPI_SUM of symbolic contributions: only the root's
// receive buffer is written.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_reduce.c:26:5 (process 1)
#include <assert.h>
#include <mpi.h>

#pragma TASS input {A >= 0 && A < 100}
int A;

int main(int argc, char **argv) {
  int rank, size, mine, total = -1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  mine = A + rank;
  MPI_Reduce(&mine, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    assert(total == size * A + size * (size - 1) / 2);
  else
    assert(total == -1);
#ifdef BROKEN
  if (rank != 0)
    assert(total >= 0);
#endif
  MPI_Finalize();
  return 0;
}
