// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r[2];
  int a = rank, b = 2 * rank, sa = -1, sb = -1;
  MPI_Ireduce(&a, &sa, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Ireduce(&b, &sb, 1, MPI_INT, MPI_MAX, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  if (rank == 0) assert(sa == 1);
  if (rank == 1) assert(sb == 2);
  MPI_Finalize();
  return 0;
}
