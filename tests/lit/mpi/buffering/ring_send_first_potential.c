// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}ring_send_first_potential.c:11:3 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0;
  MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
