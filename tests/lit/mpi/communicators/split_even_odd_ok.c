// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &sub);
  int sr, ss, sum = 0;
  MPI_Comm_rank(sub, &sr);
  MPI_Comm_size(sub, &ss);
  assert(ss == (rank % 2 == 0 ? 2 : 1));
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
  assert(sum == (rank % 2 == 0 ? 2 : 1));
  if (rank == 0) assert(sr == 1);
  if (rank == 2) assert(sr == 0);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
