// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  int bl[2] = {1, 1}, sz;
  MPI_Aint dp[2] = {0, 8}, lb, ext, tlb, text;
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_size(t, &sz);
  MPI_Type_get_extent(t, &lb, &ext);
  MPI_Type_get_true_extent(t, &tlb, &text);
  assert(sz == 12 && lb == 0 && ext == 16 && tlb == 0 && text == 16);
  MPI_Datatype r;
  MPI_Type_create_resized(t, 0, 24, &r);
  MPI_Type_get_extent(r, &lb, &ext);
  assert(ext == 24);
  MPI_Type_free(&r);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
