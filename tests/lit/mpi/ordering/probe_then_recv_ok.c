// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 42, y = 0, c = 0;
  MPI_Status st;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
  else {
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    assert(st.MPI_TAG == 5 && c == 1);
    MPI_Recv(&y, c, MPI_INT, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 42);
  }
  MPI_Finalize();
  return 0;
}
