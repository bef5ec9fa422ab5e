// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}ireduce_scatter_wrong.c:14:8 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int s[2] = {1, 2}, r = -1, rc[2] = {1, 1};
  MPI_Request q;
  MPI_Ireduce_scatter(s, &r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  /*@*/assert(r == 2);
  MPI_Finalize();
  return 0;
}
