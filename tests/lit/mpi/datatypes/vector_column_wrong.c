// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}vector_column_wrong.c:15:81 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype col;
  MPI_Type_vector(3, 1, 3, MPI_INT, &col);
  MPI_Type_commit(&col);
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, c[3] = {0, 0, 0};
  if (rank == 0) MPI_Send(&m[0][1], 1, col, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(c, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/assert(c[1] == 4); }
  MPI_Type_free(&col);
  MPI_Finalize();
  return 0;
}
