// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
#include <stddef.h>
struct P { int a; double b; };
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct P p[2];
  MPI_Aint base, ab, next;
  MPI_Get_address(&p[0], &base);
  MPI_Get_address(&p[0].b, &ab);
  MPI_Get_address(&p[1], &next);
  assert(MPI_Aint_diff(ab, base) == offsetof(struct P, b));
  assert(next - base == (MPI_Aint)sizeof(struct P));
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {0, ab - base};
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, tp;
  MPI_Type_create_struct(2, bl, disp, types, &tp);
  MPI_Type_commit(&tp);
  if (rank == 0) {
    p[0].a = 7;
    p[0].b = 0.5;
    MPI_Send(&p[0], 1, tp, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&p[1], 1, tp, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(p[1].a == 7 && p[1].b == 0.5);
  }
  MPI_Type_free(&tp);
  MPI_Finalize();
  return 0;
}
