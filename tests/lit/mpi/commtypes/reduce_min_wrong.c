// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}reduce_min_wrong.c:12:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank + 1, mn = 0;
  MPI_Allreduce(&x, &mn, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  assert(mn == 2); /*@*/
  MPI_Finalize();
  return 0;
}
