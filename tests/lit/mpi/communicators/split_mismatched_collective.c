// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation COLLECTIVE_MISMATCH at {{.*}}split_mismatched_collective.c:14:13 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &sub);
  int v = rank;
  if (rank == 0) MPI_Bcast(&v, 1, MPI_INT, 0, sub);
  else /*@*/MPI_Barrier(sub);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
