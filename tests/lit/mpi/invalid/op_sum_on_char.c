// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_INVALID_OP at {{.*}}op_sum_on_char.c:11:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char c = 'a', s = 0; /* MPI_CHAR is for printable characters (MPI 3.1 §5.9.2) */
  /*@*/MPI_Allreduce(&c, &s, 1, MPI_CHAR, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
