// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}sum_on_pair_type.c:12:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct { int v; int i; } in, out;
  in.v = 1; in.i = rank;
  /*@*/MPI_Allreduce(&in, &out, 1, MPI_2INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
