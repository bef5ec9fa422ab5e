// A Waitany whose requests are all null returns index MPI_UNDEFINED and
// an empty status (source MPI_ANY_SOURCE, tag MPI_ANY_TAG; MPI 3.1 §3.7.3,
// §3.7.5), as Open MPI does (it wrote past the single status: a false
// OUT_OF_BOUNDS).
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %native -n 3 %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int y[2] = {0, 0}, idx = -1, x = rank;
  if (rank == 0) {
    MPI_Request r[2];
    MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    assert(y[0] == 1 && y[1] == 2);
    MPI_Status st;
    MPI_Waitany(2, r, &idx, &st);
    assert(idx == MPI_UNDEFINED && st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG);
  } else
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
