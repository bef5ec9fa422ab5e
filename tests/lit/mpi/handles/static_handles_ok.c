// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 3 %s
#include <mpi.h>
#include <assert.h>
static MPI_Comm world = MPI_COMM_WORLD;
static MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
static MPI_Op ops[] = {MPI_MAX, MPI_SUM};
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, s = 0;
  MPI_Allreduce(&x, &s, 1, types[0], ops[1], world);
  assert(s == size * (size - 1) / 2);
  MPI_Comm *pc = &world;
  assert(*pc == MPI_COMM_WORLD && types[1] == MPI_DOUBLE);
  MPI_Finalize();
  return 0;
}
