// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
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
  struct P p = {rank == 0 ? 7 : 0, rank == 0 ? 2.5 : 0.0};
  MPI_Bcast(&p, 1, t, 0, MPI_COMM_WORLD);
  assert(p.a == 7 && p.b == 2.5);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
