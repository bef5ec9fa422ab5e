// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_COMM at {{.*}}use_after_comm_free.c:15:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm keep = dup;
  MPI_Comm_free(&dup);
  assert(dup == MPI_COMM_NULL);
  /*@*/MPI_Barrier(keep);
  MPI_Finalize();
  return 0;
}
