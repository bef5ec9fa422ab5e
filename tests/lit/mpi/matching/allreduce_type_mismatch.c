// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}allreduce_type_mismatch.c:12:3 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = 1, s = 0;
  unsigned ux = 1, us = 0; /* each buffer matches its own datatype */
  MPI_Allreduce(rank == 0 ? (void *)&x : (void *)&ux, rank == 0 ? (void *)&s : (void *)&us, 1, rank == 0 ? MPI_INT : MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
