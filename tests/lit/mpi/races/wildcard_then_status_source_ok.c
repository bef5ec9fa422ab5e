// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0;
  MPI_Status st;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
    assert(y == st.MPI_SOURCE);
    MPI_Recv(&y, 1, MPI_INT, 3 - st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 3 - st.MPI_SOURCE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
