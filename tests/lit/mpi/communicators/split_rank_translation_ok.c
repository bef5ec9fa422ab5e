// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank, &sub);
  if (rank == 0) { assert(sub == MPI_COMM_NULL); }
  else {
    int sr, v = rank;
    MPI_Comm_rank(sub, &sr);
    assert(sr == rank - 1);
    if (sr == 0) MPI_Send(&v, 1, MPI_INT, 1, 3, sub);
    else { MPI_Status st; MPI_Recv(&v, 1, MPI_INT, 0, 3, sub, &st); assert(v == 1 && st.MPI_SOURCE == 0); }
    MPI_Comm_free(&sub);
  }
  MPI_Finalize();
  return 0;
}
