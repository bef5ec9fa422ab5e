// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[4] = {1, 2, 3, 4}, b[4], c = -1, e = -1;
  MPI_Status st;
  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(b, 2, t, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, t, &c);
    MPI_Get_elements(&st, t, &e);
    assert(c == MPI_UNDEFINED && e == 3 && b[2] == 3);
  }
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
