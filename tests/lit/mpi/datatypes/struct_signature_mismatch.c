// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RECV_MISMATCH at {{.*}}struct_signature_mismatch.c:21:8 (process 1)
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
  struct P p = {rank, 0.5};
  double d[2];
  if (rank == 0) MPI_Send(&p, 1, t, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(d, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
