// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}probe_never_sent_deadlock.c:12:5 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Status st;
  if (rank == 1)
    MPI_Probe(0, 0, MPI_COMM_WORLD, &st);
  MPI_Finalize();
  return 0;
}
