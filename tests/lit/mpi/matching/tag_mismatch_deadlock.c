// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}tag_mismatch_deadlock.c:14:8 (process 1)
// The report says why: the message in transit has another tag.
// CHECK-NEXT: deadlock: process 1 blocked MPI_Recv at {{.*}}tag_mismatch_deadlock.c:14:8 (waits for a message from process 0 with tag 2; in transit to it and not matching: from process 0 with tag 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 0;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
  else MPI_Recv(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
