// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
#include <stddef.h>
struct P { int a; double b; };
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint dp[2] = {offsetof(struct P, a), offsetof(struct P, b)};
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_commit(&t);
  struct P p[2] = {{rank, 0.5}, {rank + 1, 1.5}}, q[2];
  MPI_Sendrecv(p, 2, t, 1 - rank, 0, q, 2, t, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(q[0].a == 1 - rank && q[1].b == 1.5);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
