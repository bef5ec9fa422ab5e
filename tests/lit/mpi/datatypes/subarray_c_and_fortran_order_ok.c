// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int a[4][5], got[6], gotf[6];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      a[i][j] = 10 * i + j;
  int sizes[2] = {4, 5}, subs[2] = {2, 3}, starts[2] = {1, 2};
  MPI_Datatype sub, fsub;
  MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sub);
  MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_INT, &fsub);
  MPI_Type_commit(&sub);
  MPI_Type_commit(&fsub);
  MPI_Aint lb, ext;
  MPI_Type_get_extent(sub, &lb, &ext);
  assert(lb == 0 && ext == 20 * sizeof(int));
  MPI_Sendrecv(a, 1, sub, rank, 0, got, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(got[0] == 12 && got[2] == 14 && got[3] == 22 && got[5] == 24);
  /* Fortran order: the flat array seen as 5 x 4, column-major */
  MPI_Sendrecv(a, 1, fsub, rank, 0, gotf, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(gotf[0] == 14 && gotf[1] == 20 && gotf[2] == 23 && gotf[5] == 33);
  MPI_Type_free(&sub);
  MPI_Type_free(&fsub);
  MPI_Finalize();
  return 0;
}
