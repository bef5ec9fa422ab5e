// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}collective_other_comm_deadlock.c:12:23 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  if (rank == 0) /*@*/MPI_Barrier(dup);
  else MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
