// MPI_Allgather of the ranks: every process gets the whole table. The
// broken form's buffer holds one element too few on one process.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_allgather.c:23:3 (process 2)
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = size;
#ifdef BROKEN
  if (rank == 2)
    n = size - 1;
#endif
  int *all = malloc(n * sizeof(int));
  int mine = rank * rank;
  MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < size; i++)
    assert(all[i] == i * i);
  free(all);
  MPI_Finalize();
  return 0;
}
