// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &sub);
  int v = rank, all[2] = {-1, -1};
  MPI_Request r;
  MPI_Iallgather(&v, 1, MPI_INT, all, 1, MPI_INT, sub, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(all[0] == (rank / 2) * 2 && all[1] == (rank / 2) * 2 + 1);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
