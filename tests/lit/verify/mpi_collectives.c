// RUN: %expect-exit 0 %chorus verify %s -n 1..4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DMISMATCH | FileCheck %s --check-prefix=MIS
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_collectives.c:19:3 (process 0)
// MIS: verdict: violation COLLECTIVE_MISMATCH at {{.*}}mpi_collectives.c:30:3 (process 1)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size, sum, all[8];
  double v = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine = rank + 1;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifdef BROKEN
  assert(sum == size * size);
#else
  assert(2 * sum == size * (size + 1));
#endif
  if (rank == 0)
    v = 2.5;
#ifdef MISMATCH
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  else
#endif
  MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  assert(v == 2.5);
  MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  assert(all[size - 1] == size);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
