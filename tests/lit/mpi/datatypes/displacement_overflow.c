// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation OUT_OF_BOUNDS at {{.*}}displacement_overflow.c:14:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  MPI_Type_vector(3, 1, 2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[4] = {1, 2, 3, 4}, b[3];
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(b, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
