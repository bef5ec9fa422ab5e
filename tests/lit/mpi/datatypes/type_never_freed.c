// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_RESOURCE_LEAK at {{.*}}type_never_freed.c:13:8 (process 0)
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
  /*@*/MPI_Finalize();
  return 0;
}
