// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}comm_create_different_groups.c:15:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[1] = {rank};
  MPI_Group_incl(world, 1, ranks, &g);
  MPI_Comm c;
  /*@*/MPI_Comm_create(MPI_COMM_WORLD, g, &c);
  MPI_Finalize();
  return 0;
}
