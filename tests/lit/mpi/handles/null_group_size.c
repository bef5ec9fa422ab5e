// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COMM at {{.*}}null_group_size.c:13:3 (process 0)
// RUN: %expect-exit 9 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Group g = NULL;
  int n;
  MPI_Group_size(g, &n); /*@*/
  MPI_Finalize();
  return 0;
}
