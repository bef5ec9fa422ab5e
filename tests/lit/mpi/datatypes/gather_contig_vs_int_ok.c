// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[2] = {rank, rank * 10}, all[6] = {0};
  MPI_Gather(a, 2, MPI_INT, all, 1, t, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[2] == 1 && all[5] == 20);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
