// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_DATATYPE at {{.*}}type_use_after_free.c:16:18 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t, u;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  u = t;
  MPI_Type_free(&t);
  int a[2] = {1, 2};
  if (rank == 0) MPI_Send(a, 1, u, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
