// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a = 1, b = 2, y = 0, s = 0;
  MPI_Status st;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD); }
  else { for (int i = 0; i < 2; i++) { MPI_Recv(&y, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st); assert(y == st.MPI_TAG); s += y; } assert(s == 3); }
  MPI_Finalize();
  return 0;
}
