// Each program has its own MPI_COMM_WORLD: the specification (2 processes,
// MPI_Reduce) and the implementation (n processes, MPI_Allreduce, ring of
// messages) never see each other's ranks, sizes, messages or collectives.
// RUN: %expect-exit 0 %chorus compare %S/Inputs/world_spec.c %s --spec-procs 2 -n 1..3 -q | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus compare %S/Inputs/world_spec.c %s --spec-procs 2 -n 3 -q --composition sequential | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus compare %S/Inputs/world_spec.c %s --spec-procs 2 -n 2 -q -DWRONG | FileCheck %s
// OK: verdict: verified
// CHECK: verdict: violation OUTPUT_MISMATCH at {{.*}}world.c:16:14 (process 2)
// CHECK: output 'total' differs
#include <mpi.h>
#include <assert.h>
#pragma TASS input
double a;
#pragma TASS input
double b;
#pragma TASS output
double total;

int main(int argc, char **argv) {
  int rank, size;
  double mine, sum = 0.0, token = 1.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  mine = rank == 0 ? a + b : 0.0;
#ifdef WRONG
  if (rank == size - 1)
    mine = mine + 1.0;
#endif
  if (size > 1) { // a ring inside the implementation's world
    if (rank == 0) {
      MPI_Send(&token, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&token, 1, MPI_DOUBLE, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&token, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD);
    }
  }
  MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    total = sum;
  MPI_Finalize();
  return 0;
}
