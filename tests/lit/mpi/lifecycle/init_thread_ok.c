// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  int prov = -1;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);
  assert(prov >= MPI_THREAD_SINGLE);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0;
  (void)x;
  MPI_Finalize();
  return 0;
}
