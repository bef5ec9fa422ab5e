// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm dup, sub;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &sub);
  int r1, r2, r3;
  MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &r1);
  MPI_Comm_compare(MPI_COMM_WORLD, dup, &r2);
  MPI_Comm_compare(MPI_COMM_WORLD, sub, &r3);
  assert(r1 == MPI_IDENT && r2 == MPI_CONGRUENT && r3 == MPI_SIMILAR);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
