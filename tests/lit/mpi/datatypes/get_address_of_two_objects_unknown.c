// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: unknown
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a;
  double b;
  MPI_Aint pa, pb;
  MPI_Get_address(&a, &pa);
  MPI_Get_address(&b, &pb);
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {0, pb - pa}; /* the distance between two variables: not known */
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, tp;
  MPI_Type_create_struct(2, bl, disp, types, &tp);
  MPI_Type_free(&tp);
  MPI_Finalize();
  return 0;
}
