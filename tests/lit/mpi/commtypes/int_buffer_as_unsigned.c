// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_BUFFER_TYPE_MISMATCH at {{.*}}int_buffer_as_unsigned.c:13:10 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a = 1;
  unsigned b = 0;
  if (rank == 0)
    /*@*/MPI_Send(&a, 1, MPI_UNSIGNED, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(&b, 1, MPI_UNSIGNED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
