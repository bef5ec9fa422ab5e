// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int r, s, v = 4, w = 0;
  MPI_Comm_rank(MPI_COMM_SELF, &r);
  MPI_Comm_size(MPI_COMM_SELF, &s);
  assert(r == 0 && s == 1);
  MPI_Request q;
  MPI_Irecv(&w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &q);
  MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  assert(w == 4);
  MPI_Finalize();
  return 0;
}
