// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}bcast_signature_mismatch.c:15:8 (process 1)
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
  int a[3] = {1, 2, 3};
  if (rank == 0) MPI_Bcast(a, 1, t, 0, MPI_COMM_WORLD);
  else MPI_Bcast(a, 3, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
