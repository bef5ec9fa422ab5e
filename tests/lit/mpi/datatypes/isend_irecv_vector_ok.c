// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype v;
  MPI_Type_vector(2, 2, 3, MPI_INT, &v);
  MPI_Type_commit(&v);
  int a[5] = {rank, 1, -1, 2, 3}, b[5] = {0, 0, 9, 0, 0};
  MPI_Request r[2];
  MPI_Irecv(b, 1, v, 1 - rank, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(a, 1, v, 1 - rank, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  assert(b[0] == 1 - rank && b[2] == 9 && b[4] == 3);
  MPI_Type_free(&v);
  MPI_Finalize();
  return 0;
}
