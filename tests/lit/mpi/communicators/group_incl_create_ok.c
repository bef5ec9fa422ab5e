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
  int ranks[2] = {2, 0};
  MPI_Group_incl(world, 2, ranks, &g);
  int gs, gr;
  MPI_Group_size(g, &gs);
  MPI_Group_rank(g, &gr);
  assert(gs == 2);
  assert(gr == (rank == 2 ? 0 : rank == 0 ? 1 : MPI_UNDEFINED));
  MPI_Comm c;
  MPI_Comm_create(MPI_COMM_WORLD, g, &c);
  if (rank == 1) assert(c == MPI_COMM_NULL);
  else {
    int v = rank;
    MPI_Bcast(&v, 1, MPI_INT, 0, c);
    assert(v == 2);
    MPI_Comm_free(&c);
  }
  MPI_Group_free(&g);
  MPI_Group_free(&world);
  MPI_Finalize();
  return 0;
}
