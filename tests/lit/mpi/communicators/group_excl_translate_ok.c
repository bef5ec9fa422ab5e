// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ex[1] = {0};
  MPI_Group_excl(world, 1, ex, &g);
  int r1[3] = {0, 1, 2}, r2[3];
  MPI_Group_translate_ranks(world, 3, r1, g, r2);
  assert(r2[0] == MPI_UNDEFINED && r2[1] == 0 && r2[2] == 1);
  MPI_Group_free(&g);
  MPI_Group_free(&world);
  MPI_Finalize();
  return 0;
}
